// The palcheck command line: eval (exact PAL outputs) and the claim commands.
#include "eval_command.h"
#include "json_input.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace {

std::string read_source(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw palcheck::cli::InputError(path + ": cannot open file");
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"palcheck: exact reference of the Preisach Attention Layer and machine checks of its paper"};
  app.require_subcommand(1);

  std::string eval_file;
  bool eval_trace = false;
  auto* eval = app.add_subcommand("eval", "Exact PAL outputs for a measure and inputs given as JSON");
  eval->add_option("FILE", eval_file, "JSON document, or - for standard input")->required();
  eval->add_flag("--trace", eval_trace, "Add per-token memory and switched relays");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  try {
    if (*eval) {
      auto doc = palcheck::cli::parse_json_text(read_source(eval_file), eval_file == "-" ? "stdin" : eval_file);
      std::cout << palcheck::cli::evaluate_document(doc, eval_trace).dump(2) << "\n";
      return 0;
    }
  } catch (const palcheck::cli::InputError& e) {
    std::cerr << "palcheck: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "palcheck: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

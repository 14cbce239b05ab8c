// cvc5 as a second solver (see second_solver.h).
#include "proofs/second_solver.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <sstream>

namespace palcheck::proofs {
namespace {

// Shell quoting for a path we created ourselves (single quotes, embedded quotes escaped).
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string output_of(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return "";
  std::string out;
  std::array<char, 4096> buffer{};
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) out.append(buffer.data(), n);
  return out;
}

std::string first_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace

std::string cvc5_version() {
  static const std::string version = [] {
    std::string line = first_line(output_of("cvc5 --version 2>/dev/null"));
    const std::string marker = "version ";
    std::size_t at = line.find(marker);
    return at == std::string::npos ? std::string("cvc5 (not found)") : "cvc5 " + line.substr(at + marker.size());
  }();
  return version;
}

std::uint64_t cvc5_rlimit(std::uint64_t z3_rlimit) { return std::max<std::uint64_t>(1, z3_rlimit / 10); }

SecondAnswer run_cvc5(const std::string& smt2_path, std::uint64_t z3_rlimit) {
  SecondAnswer a{cvc5_version(), ""};
  const std::uint64_t rlimit = cvc5_rlimit(z3_rlimit);
  // --rlimit bounds cvc5's own resource count: the answer does not depend on the machine's load.
  std::string out = output_of("cvc5 --lang=smt2 --rlimit=" + std::to_string(rlimit) + " " + quoted(smt2_path) +
                              " 2>&1");
  std::string line = first_line(out);
  if (line == "sat" || line == "unsat") a.answer = line;
  else if (line == "unknown") a.answer = "unknown (resource limit " + std::to_string(rlimit) + " or incomplete)";
  else a.answer = "error: " + (line.empty() ? std::string("no output") : line);
  return a;
}

}  // namespace palcheck::proofs

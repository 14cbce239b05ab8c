// `palcheck report`: the referee report of a verify run (tools/report/), from a saved run
// (--from verify.json, --replays DIR) or from a fresh one with the usual verify options.
#include "tools/cli/commands.h"
#include "tools/cli/number_option.h"

#include "claims/areas.h"
#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"
#include "tools/cli/claim_verify.h"
#include "tools/report/paper_tex.h"
#include "tools/report/report_writer.h"
#include "util/atomic_write.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

namespace palcheck::cli {
namespace {

struct ReportCommandOptions {
  std::string from;
  std::string replays;
  std::string out;
  std::string format = "html";
  std::string tex;
  RunConfig config;
};

// The paper's source the user gave, read once before any work (a FIFO or a pipe has no second reading):
// readable, and holding some claim's label; else InputError naming --tex.
report::PaperTex load_tex(const std::string& path, const Registry& registry) {
  if (path.empty()) return {};
  report::PaperTex tex;
  try {
    tex = report::PaperTex::load(path);
  } catch (const std::runtime_error& e) {
    throw InputError(std::string("--tex ") + e.what());
  }
  for (const Claim& c : registry.claims())
    if (tex.position(c.label)) return tex;
  throw InputError("--tex " + path + ": none of the claims' labels occurs in it (is it the paper's TeX source?)");
}

int run_report(const ReportCommandOptions& o) {
  // The report replaces --out when complete: only an absent or empty folder or an earlier palcheck
  // folder, holding none of the inputs (util/output_folder.h), checked before any work.
  check_paths({{"--out", o.out, PathKind::Folder}, {"--smt2-dir", o.config.smt2_dir, PathKind::Folder}},
                      {{"--from", o.from}, {"--replays", o.replays, PathKind::Folder}, {"--tex", o.tex}});
  Registry registry = build_full_registry();
  report::PaperTex tex;
  try {
    tex = load_tex(o.tex, registry);
  } catch (const InputError& e) {
    std::cerr << "palcheck report: " << e.what() << "\n";
    return 2;
  }
  mark_folder_output(o.config.smt2_dir, "--smt2-dir");
  nlohmann::json doc;
  std::map<std::string, nlohmann::json> replays;
  if (!o.from.empty()) {
    doc = oracle::parse_json_text(oracle::read_source(o.from), o.from);
    if (!o.replays.empty()) {
      if (!std::filesystem::is_directory(o.replays)) {
        std::cerr << "palcheck report: --replays " << o.replays << " is not a folder\n";
        return 2;
      }
      replays = report::read_replay_folder(o.replays);
    }
  } else {
    std::vector<std::string> unknown;
    std::vector<std::string> labels = select_claims(registry, {}, unknown);
    std::cerr << "palcheck report: running verify on " << labels.size() << " claims, seed " << o.config.seed << "\n";
    VerifyReport verified = run_verify(registry, labels, o.config, &std::cerr);
    mark_folder_output(o.config.smt2_dir, "--smt2-dir");
    doc = verify_json(verified);
    for (const ReplayFile& file : replay_files(registry, verified))
      replays[file.instance.label] = replay_file_to_json(file);
  }
  report::ReportRun run;
  try {
    run = report::make_run(doc, replays, registry.claims());
  } catch (const std::invalid_argument& e) {
    std::cerr << "palcheck report: " << e.what() << "\n";
    return 2;
  }
  report::ReportOptions options{o.out, o.format == "md" ? report::PageFormat::Markdown : report::PageFormat::Html,
                                o.tex, std::move(tex)};
  report::write_report(run, options, &std::cerr);
  return 0;
}

}  // namespace

CommandHandler add_report_command(CLI::App& app) {
  auto o = std::make_shared<ReportCommandOptions>();
  auto* report = app.add_subcommand("report", "Write a static referee report (index, one page per claim, figures)");
  report->add_option("--from", o->from, "A saved `palcheck verify --json` file (then nothing is re-run)")
      ->check(CLI::ExistingFile.description(""))  // --help shows "FILE", not "FILE:FILE"
      ->type_name("FILE");
  report->add_option("--replays", o->replays, "The replay files of that run (`verify --out DIR`)")
      ->needs("--from")
      ->type_name("DIR");
  report->add_option("--out", o->out, "The report folder (replaced when the report is complete)")
      ->required()
      ->type_name("DIR");
  report->add_option("--format", o->format, "html (SVG figures) or md (PNG figures)")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"html", "md"}))
      ->capture_default_str();
  report
      ->add_option("--tex", o->tex,
                   "The paper's TeX source: its statements are quoted and typeset (without it the report is in "
                   "palcheck's own words)")
      ->type_name("FILE");
  add_count_option(report, "--seed", o->config.seed, 0, UINT64_MAX, "Seed of every random search (without --from)");
  add_count_option(report, "--tests", o->config.tests, 1, 1'000'000, "Cases per property search (without --from)");
  add_count_option(report, "--max-shrinks", o->config.max_shrinks, 0, 1'000'000'000,
                   "Judge calls allowed while shrinking one counterexample (without --from)");
  add_count_option(report, "--rlimit", o->config.rlimit, 1, UINT32_MAX, "Z3 resource limit per query (without --from)");
  report->add_option("--smt2-dir", o->config.smt2_dir, "Dump every Z3 query here and link them (without --from)")
      ->type_name("DIR");
  return [=]() -> int { return *report ? run_report(*o) : -1; };
}

}  // namespace palcheck::cli

// `palcheck list|verify|show|replay`: the claim registry on the command line, with honest
// verdicts (see claim_verify.h for the logic and docs/verify.md for the output formats).
#include "tools/cli/commands.h"

#include "claims/areas.h"
#include "claims/result_json.h"
#include "oracle/formats/input_file.h"
#include "oracle/formats/json_input.h"
#include "tools/cli/claim_replay.h"
#include "tools/cli/claim_shard.h"
#include "tools/cli/claim_text.h"
#include "tools/cli/claim_verify.h"
#include "tools/cli/did_you_mean.h"
#include "tools/cli/number_option.h"
#include "util/atomic_file.h"
#include "util/atomic_write.h"
#include "util/output_folder.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <unistd.h>

namespace palcheck::cli {

namespace {

struct ClaimOptions {
  std::string list_json;
  std::vector<std::string> selection;
  std::string json_file;
  std::string out_dir;
  std::string show_label;
  std::string replay_file;
  std::optional<std::string> shard;
  std::vector<std::string> merge_files;
  RunConfig config;
};

// --json [FILE], one meaning on every command: the JSON goes to FILE, or to standard output when FILE is "-"
// or left out (`palcheck list --json` as before; `verify --json FILE` as before).
CLI::Option* add_json_option(CLI::App* command, std::string& target, const std::string& what,
                             const std::string& note = "") {
  return command
      ->add_option_function<std::string>(
          "--json", [&target](const std::string& value) { target = value.empty() ? "-" : value; },
          what + " to FILE, or to standard output when FILE is - or left out" + note)
      ->expected(0, 1)
      ->type_name("[FILE]");
}

void add_run_options(CLI::App* command, ClaimOptions& o) {
  add_count_option(command, "--seed", o.config.seed, 0, UINT64_MAX, "Seed of every random search");
  add_count_option(command, "--tests", o.config.tests, 1, 1'000'000, "Cases per property search");
  add_count_option(command, "--max-shrinks", o.config.max_shrinks, 0, 1'000'000'000,
                   "Judge calls allowed while shrinking one counterexample (then the smallest so far is kept)");
  add_count_option(command, "--rlimit", o.config.rlimit, 1, UINT32_MAX, "Z3 resource limit per query");
  command->add_option("--smt2-dir", o.config.smt2_dir, "Dump every Z3 query as .smt2 into this folder")
      ->type_name("DIR");
}

// Output places are checked before the run, not after minutes of work: each can be written, none is
// an input or lies in another, and the folders are absent, empty or palcheck's (atomic_write.h).
void check_outputs(const std::string& json_file, const std::string& out_dir, const std::string& smt2_dir,
                   const std::vector<NamedPath>& inputs = {}) {
  check_paths({{"--json", json_file, PathKind::File},
                       {"--out", out_dir, PathKind::Folder},
                       {"--smt2-dir", smt2_dir, PathKind::Folder}},
                      inputs);
  // --smt2-dir is filled in place as queries run (the run's JSON names its files): marked as
  // palcheck's before the run and again after it.
  mark_folder_output(smt2_dir, "--smt2-dir");
}

// One replay file per refuted claim of the report into `out_dir` (nothing when it is empty), all of
// them or none: they are written into a fresh folder that replaces `out_dir` when complete.
void write_replay_files(const Registry& registry, const VerifyReport& report, const std::string& out_dir,
                        const char* command) {
  if (out_dir.empty()) return;
  try {
    OutputFolder folder(out_dir);
    std::vector<std::string> names;
    for (const ReplayFile& file : replay_files(registry, report)) {
      names.push_back(replay_file_name(file.instance.label));
      write_file_atomically((std::filesystem::path(folder.staging()) / names.back()).string(),
                            replay_file_to_json(file).dump(2) + "\n");
    }
    std::vector<std::string> kept;
    folder.commit(&kept);
    for (const std::string& name : names)
      std::cerr << "palcheck " << command << ": wrote " << (std::filesystem::path(out_dir) / name).string() << "\n";
    for (const std::string& k : kept) std::cerr << "palcheck " << command << ": left in place: " << k << "\n";
  } catch (const WriteError& e) {
    throw InputError(std::string("--out: ") + e.what());
  }
}

// Every claim label, then every section a claim names: what verify accepts.
std::vector<std::string> claim_and_section_labels(const Registry& registry) {
  std::vector<std::string> names;
  for (const Claim& c : registry.claims()) names.push_back(c.label);
  for (const Claim& c : registry.claims())
    if (std::find(names.begin(), names.end(), c.section) == names.end()) names.push_back(c.section);
  return names;
}

int run_list(const ClaimOptions& o) {
  Registry registry = build_full_registry();
  if (o.list_json.empty())
    std::cout << list_table(registry);
  else
    write_file_atomically(o.list_json, list_json(registry).dump(2) + "\n");
  return 0;
}

int run_verify_command(const ClaimOptions& o, ColorChoice color) {
  Registry registry = build_full_registry();
  std::vector<std::string> unknown;
  std::vector<std::string> labels = select_claims(registry, o.selection, unknown);
  if (!unknown.empty()) {
    std::vector<std::string> names = claim_and_section_labels(registry);
    for (const std::string& u : unknown)
      std::cerr << "palcheck verify: unknown label or section: " << u << did_you_mean(u, names) << "\n";
    return 2;
  }
  RunConfig config = o.config;
  config.progress = &std::cerr;
  if (!o.shard) {
    check_outputs(o.json_file, o.out_dir, config.smt2_dir);
    std::cerr << "palcheck verify: " << labels.size() << " claims, seed " << config.seed << ", tests " << config.tests
              << ", rlimit " << config.rlimit << "\n";
    VerifyReport report = run_verify(registry, labels, config, &std::cerr);
    mark_folder_output(config.smt2_dir, "--smt2-dir");
    // The table goes to standard output, or to standard error when the JSON goes there.
    bool to_stderr = o.json_file == "-";
    TextStyle style = text_style(color, to_stderr ? STDERR_FILENO : STDOUT_FILENO);
    (to_stderr ? std::cerr : std::cout) << verify_table(report, style);
    if (!o.json_file.empty()) write_file_atomically(o.json_file, verify_json(report).dump(2) + "\n");
    write_replay_files(registry, report, o.out_dir, "verify");
    return report.any_error() ? 1 : 0;
  }
  std::string error;
  std::optional<Shard> shard = parse_shard(*o.shard, error);
  if (!shard) error = "--shard: " + error;
  if (shard && o.json_file.empty()) error = "--shard needs --json FILE: palcheck merge combines the shards' files";
  if (shard && !o.out_dir.empty())
    error = "--shard takes no --out: a search's counterexample is known after palcheck merge, which takes --out DIR";
  if (!error.empty()) {
    std::cerr << "palcheck verify: " << error << "\n";
    return 2;
  }
  check_outputs(o.json_file, "", config.smt2_dir);
  std::cerr << "palcheck verify: shard " << shard->index << "/" << shard->count << " of " << labels.size()
            << " claims, seed " << config.seed << ", tests " << config.tests << ", rlimit " << config.rlimit << "\n";
  ShardRun run = run_shard(registry, labels, *shard, config, &std::cerr);
  mark_folder_output(config.smt2_dir, "--smt2-dir");
  write_file_atomically(o.json_file, shard_json(run).dump(2) + "\n");
  std::cerr << "palcheck verify: wrote shard " << shard->index << "/" << shard->count << " to " << o.json_file
            << "; palcheck merge gives the verdicts\n";
  return 0;
}

int run_merge(const ClaimOptions& o) {
  std::vector<NamedPath> inputs;
  for (const std::string& file : o.merge_files) inputs.push_back({"SHARDS", file});
  check_outputs(o.json_file, o.out_dir, "", inputs);
  std::vector<nlohmann::ordered_json> shards;
  for (const std::string& file : o.merge_files)
    shards.push_back(oracle::parse_ordered_json_text(oracle::read_source(file), file));
  Registry registry = build_full_registry();
  std::string error;
  std::optional<VerifyReport> merged = merge_shards(registry, shards, error);
  if (!merged) {
    std::cerr << "palcheck merge: " << error << "\n";
    return 2;
  }
  std::string text = verify_json(*merged).dump(2) + "\n";
  write_file_atomically(o.json_file.empty() ? "-" : o.json_file, text);
  write_replay_files(registry, *merged, o.out_dir, "merge");
  return merged->any_error() ? 1 : 0;
}

int run_show(const ClaimOptions& o, ColorChoice color) {
  Registry registry = build_full_registry();
  if (!registry.find(o.show_label)) {
    std::vector<std::string> labels;
    for (const Claim& c : registry.claims()) labels.push_back(c.label);
    std::cerr << "palcheck show: unknown label: " << o.show_label << did_you_mean(o.show_label, labels) << "\n";
    return 2;
  }
  check_outputs("", "", o.config.smt2_dir);
  VerifyReport report = run_verify(registry, {o.show_label}, o.config, nullptr);
  mark_folder_output(o.config.smt2_dir, "--smt2-dir");
  std::cout << show_text(registry, report.claims.front(), o.config, text_style(color, STDOUT_FILENO));
  return report.any_error() ? 1 : 0;
}

}  // namespace

CommandHandler add_claim_commands(CLI::App& app, const ColorChoice& color) {
  auto o = std::make_shared<ClaimOptions>();
  auto* list =
      app.add_subcommand("list", "Every claim of the paper: its number, section, kind, checkers and statement");
  add_json_option(list, o->list_json, "Write the list as JSON");

  auto* verify = app.add_subcommand("verify", "Judge claims (all of them by default) and print a verdict table");
  verify->add_option("CLAIMS", o->selection, "Labels (def:relay) or sections (sec:tc) to judge")->type_name("LABEL");
  add_json_option(verify, o->json_file, "Write the report as JSON", " (the table then goes to standard error)");
  verify->add_option("--out", o->out_dir, "Write one replay file per REFUTED claim into this folder")->type_name("DIR");
  verify
      ->add_option("--shard", o->shard,
                   "Run only part i of N (i/N): claim k of the selection when k mod N = i-1, and case k of every "
                   "search when k mod N = i-1; needs --json, for palcheck merge")
      ->type_name("I/N");
  add_run_options(verify, *o);

  auto* merge = app.add_subcommand("merge", "Combine the --json files of verify --shard 1/N ... N/N into one run's");
  merge->add_option("SHARDS", o->merge_files, "The shards' JSON files, in any order")->required()->type_name("FILE");
  add_json_option(merge, o->json_file, "Write the merged report", " (the default)");
  merge->add_option("--out", o->out_dir, "Write one replay file per REFUTED claim into this folder")->type_name("DIR");

  auto* show = app.add_subcommand("show", "One claim, its readings and its whole evidence");
  // A positional's name is its type: "" keeps --help from printing it twice ("LABEL LABEL REQUIRED").
  show->add_option("LABEL", o->show_label, "The claim's label")->required()->type_name("");
  add_run_options(show, *o);

  auto* replay = app.add_subcommand("replay", "Re-run a saved counterexample on the reference");
  replay->add_option("FILE", o->replay_file, "A replay file written by verify --out")->required()->type_name("");

  return [=, &color]() -> int {
    if (*list) return run_list(*o);
    if (*verify) return run_verify_command(*o, color);
    if (*merge) return run_merge(*o);
    if (*show) return run_show(*o, color);
    if (*replay) return replay_saved_file(build_full_registry(), o->replay_file, std::cout, std::cerr);
    return -1;
  };
}

}  // namespace palcheck::cli

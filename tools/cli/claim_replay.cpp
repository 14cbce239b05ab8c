// Replaying saved counterexamples (see claim_replay.h).
#include "tools/cli/claim_replay.h"

#include "claims/result_json.h"
#include "oracle/eval/eval_document.h"
#include "oracle/formats/json_input.h"
#include "tools/cli/claim_text.h"
#include "tools/cli/claim_verify.h"

namespace palcheck::cli {

using namespace oracle;  // the oracle library: formats, problem, eval, compare

int replay_saved_file(const Registry& registry, const std::string& path, std::ostream& out, std::ostream& err) {
  ReplayFile file;
  try {
    file = replay_file_from_json(parse_json_text(read_source(path), path == "-" ? "stdin" : path));
  } catch (const InputError& e) {
    err << "palcheck replay: " << path << ": " << e.what() << "\n";
    return 2;
  }
  ReplayReport replay;
  try {
    replay = replay_instance(registry, file.instance);
  } catch (const BadInstance& e) {
    err << "palcheck replay: " << path << ": bad replay file: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "palcheck replay: " << path << ": the instance cannot be replayed: " << e.what() << "\n";
    return 2;
  }
  if (!replay.replayer_found) {
    err << "palcheck replay: " << path << ": no replayer for " << file.instance.label << "/" << file.instance.scenario
        << "\n";
    return 2;
  }
  out << file.instance.label << " (" << file.instance.scenario << ")\n";
  if (!file.command.empty()) out << "found by: " << file.command << "\n";
  // The instance itself, so that a reader can redo the arithmetic without opening the file.
  out << "instance:\n";
  for (const auto& [name, value] : file.instance.options) out << "  " << name << " = " << value << "\n";
  for (const std::string& line : instance_value_lines(file.instance)) out << "  " << line << "\n";
  out << "predicted: " << replay.outcome.predicted << "\n"
      << "computed:  " << replay.outcome.computed << "\n";
  if (!replay.outcome.table.empty()) out << draw_table(replay.outcome.table);
  out << (replay.outcome.violates ? "still refutes the claim on the reference\n"
                                  : "no longer refutes the claim on the reference\n");
  return replay.outcome.violates ? 0 : 1;
}

}  // namespace palcheck::cli

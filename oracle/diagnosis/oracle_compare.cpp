// `palcheck compare` (see oracle_compare.h); the diagnosis of each run is in diagnosis.cpp.
#include "oracle/diagnosis/oracle_compare.h"

#include "oracle/diagnosis/diagnosis.h"
#include "oracle/diagnosis/mpal_diagnosis.h"
#include "oracle/diagnosis/mpal_root_causes.h"
#include "oracle/diagnosis/root_causes.h"
#include "oracle/eval/eval_document.h"
#include "oracle/eval/frame_eval.h"
#include "oracle/eval/oracle_eval.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/npy_format.h"
#include "oracle/formats/oracle_files.h"
#include "oracle/keyed/keyed_pal.h"
#include "reference/preisach_memory.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

std::string size_text(std::size_t n) { return std::to_string(n); }


// Runs of a sequence diagnosed in full (every check, the evidence, the relays); later ones get the
// causes the readings and before_crossing give, by name.
constexpr std::size_t kDetailedRuns = 64;

void expect_length(const ActualOutputs& a, std::size_t s, std::size_t got, std::size_t want, const char* what) {
  if (got != want)
    throw InputError(a.source + ": sequence " + size_text(s) + " has " + size_text(got) + " " + what +
                     ", the inputs have " + size_text(want));
}

json memory_json(const std::vector<Q>& u, std::size_t n, InitialState initial) {
  PreisachMemory memory(initial);
  for (std::size_t t = 0; t <= n; ++t) memory.step(u[t]);
  json m = json::array();
  for (const Q& x : memory.extrema()) m.push_back(to_string(x));
  return m;
}

// One line per cause: its name or reading, what it explains, and its relays.
std::string describe_cause(const json& c) {
  const json& e = c.at("evidence");
  std::string name = e.contains("reading") ? e.at("reading").get<std::string>() : c.at("cause").get<std::string>();
  std::string text = name + " (" + c.at("explains").get<std::string>() + ")";
  if (e.contains("model")) text += ": " + e.at("model").get<std::string>();
  if (e.contains("cycles"))
    text += "; the difference grows over " + size_text(e.at("cycles").at("cycles").get<std::size_t>()) +
            " cycles of period " + size_text(e.at("cycles").at("period").get<std::size_t>());
  if (e.contains("decided_from"))
    text += e.at("decided_from").is_null()
                ? ": some relay never meets a threshold in the sequence"
                : ": every relay decided from token " + size_text(e.at("decided_from").get<std::size_t>());
  if (e.contains("relays"))
    for (const json& relay : e.at("relays")) {
      text += "; relay " + size_text(relay.at("index").get<std::size_t>()) + " (alpha " +
              relay.at("alpha").get<std::string>() + ", beta " + relay.at("beta").get<std::string>();
      if (relay.contains("state")) text += ", state " + relay.at("state").get<std::string>() + " at its " +
                                           relay.at("tie").get<std::string>();
      if (relay.contains("why") && !relay.at("why").get<std::string>().empty())
        text += ", " + relay.at("why").get<std::string>();
      text += ")";
    }
  return text;
}

}  // namespace

std::string with_decimal(const std::string& exact, double value) {
  if (exact.find('/') == std::string::npos) return exact;
  char shown[32];
  auto end = std::to_chars(shown, shown + sizeof shown, value).ptr;
  return exact + " (" + std::string(shown, end) + ")";
}

namespace {

// Whether a CSV cell is no number: empty, or NaN in any case (as numpy and pandas write it).
bool undefined_cell(std::string cell) {
  cell.erase(0, cell.find_first_not_of(" \t\r"));
  cell.erase(cell.find_last_not_of(" \t\r") + 1);
  std::transform(cell.begin(), cell.end(), cell.begin(), [](unsigned char c) { return std::tolower(c); });
  return cell.empty() || cell == "nan";
}

// Marks of undefined values, one vector per row of values in the order the rows are read.
using UndefinedMarks = std::vector<std::vector<char>>;

// JSON: null outputs, in a list of rows or one flat row (under "outputs" or the whole document).
UndefinedMarks blank_undefined_json(std::string& bytes, const std::string& path) {
  UndefinedMarks marks;
  json doc = parse_json_text(bytes, path);
  json* list = doc.is_object() && doc.contains("outputs") ? &doc["outputs"] : &doc;
  if (!list->is_array()) return marks;
  bool flat = list->empty() || !(*list)[0].is_array();
  auto blank = [](json& row) {
    std::vector<char> m;
    for (json& v : row) {
      m.push_back(v.is_null() ? 1 : 0);
      if (v.is_null()) v = 0;
    }
    return m;
  };
  if (flat) {
    marks.push_back(blank(*list));
  } else {
    for (json& row : *list)
      if (row.is_array()) marks.push_back(blank(row));
  }
  bytes = doc.dump();
  return marks;
}

// CSV: cells empty or NaN, one row per line that is not blank.
UndefinedMarks blank_undefined_csv(std::string& bytes) {
  UndefinedMarks marks;
  std::string out;
  std::size_t start = 0;
  while (start < bytes.size()) {
    std::size_t end = bytes.find('\n', start);
    std::string line = bytes.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? bytes.size() : end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) {
      out += line + "\n";
      continue;
    }
    std::vector<char> m;
    std::string cleaned;
    for (std::size_t from = 0;;) {
      std::size_t comma = line.find(',', from);
      std::string cell = line.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
      bool undefined = undefined_cell(cell);
      m.push_back(undefined ? 1 : 0);
      cleaned += (from ? "," : "") + (undefined ? std::string("0") : cell);
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
    marks.push_back(std::move(m));
    out += cleaned + "\n";
  }
  bytes = out;
  return marks;
}

// .npy: NaN in a float64 or float32 array, marked at its C-order place whatever the array's order.
UndefinedMarks blank_undefined_npy(std::string& bytes, const std::string& path) {
  UndefinedMarks marks;
  NpyHeader h = parse_npy_header(bytes, path);
  if ((h.dtype != NpyDtype::Float64 && h.dtype != NpyDtype::Float32) ||
      bytes.size() < h.data_offset + h.count() * h.width)
    return marks;
  std::size_t rows = h.shape.size() == 2 ? h.shape[0] : 1, cols = h.shape.empty() ? 0 : h.shape.back();
  marks.assign(rows, std::vector<char>(cols, 0));
  for (std::size_t k = 0; k < h.count(); ++k) {
    char* at = bytes.data() + h.data_offset + k * h.width;
    bool nan = false;
    if (h.dtype == NpyDtype::Float64) {
      double v;
      std::memcpy(&v, at, 8);
      if ((nan = std::isnan(v))) v = 0, std::memcpy(at, &v, 8);
    } else {
      float v;
      std::memcpy(&v, at, 4);
      if ((nan = std::isnan(v))) v = 0, std::memcpy(at, &v, 4);
    }
    std::size_t c = h.fortran && h.shape.size() == 2 ? (k % rows) * cols + k / rows : k;
    if (nan) marks[c / cols][c % cols] = 1;
  }
  return marks;
}

// Outputs that are no number, replaced by 0 in `bytes` (read as usual afterwards) and marked per row
// of values in the order the rows are read: JSON null, CSV cells empty or NaN, .npy NaN.
UndefinedMarks blank_undefined(std::string& bytes, const std::string& path) {
  switch (input_format(path, bytes)) {
    case FileFormat::Json: return blank_undefined_json(bytes, path);
    case FileFormat::Csv: return blank_undefined_csv(bytes);
    case FileFormat::Npy: return blank_undefined_npy(bytes, path);
  }
  return {};
}

}  // namespace

ActualOutputs load_actual(const std::string& path, const OracleProblem& p) {
  ActualOutputs a;
  a.source = path;
  std::string bytes = read_source(path);  // once: the path may be a pipe
  if (!p.is_mpal()) {
    std::vector<std::vector<char>> marks = blank_undefined(bytes, path);
    NumberRows rows = rows_from_bytes(bytes, path, "outputs");
    if (marks.size() == rows.rows.size() + 1) marks.erase(marks.begin());  // a CSV header
    bool any = false;
    for (std::size_t s = 0; s < marks.size() && s < rows.rows.size(); ++s)
      any = any || (marks[s].size() == rows.rows[s].size() && std::count(marks[s].begin(), marks[s].end(), 1) > 0);
    if (any && marks.size() == rows.rows.size()) {
      a.undefined = std::move(marks);
      for (std::size_t s = 0; s < rows.rows.size(); ++s)
        if (a.undefined[s].size() != rows.rows[s].size()) a.undefined[s].assign(rows.rows[s].size(), 0);
    }
    if (rows.rows.size() != p.size())
      throw InputError(path + ": " + size_text(rows.rows.size()) + " sequence(s), the inputs have " +
                       size_text(p.size()));
    for (std::size_t s = 0; s < p.size(); ++s) expect_length(a, s, rows.rows[s].size(), p.length(s), "outputs");
    a.values = std::move(rows.rows);
    return a;
  }
  std::size_t d = p.width();
  std::vector<std::vector<std::vector<Q>>> sequences;  // sequence -> token -> component
  if (input_format(path, bytes) == FileFormat::Json) {
    json doc = parse_json_text(bytes, path);
    if (doc.is_object()) {
      if (!doc.contains("outputs")) throw InputError(path + ": missing key \"outputs\"");
      doc = doc.at("outputs");
    }
    bool batch = doc.is_array() && !doc.empty() && doc[0].is_array() && !doc[0].empty() && doc[0][0].is_array();
    if (batch) {
      for (std::size_t s = 0; s < doc.size(); ++s) {
        NumberRows r = rows_from_json(doc[s], path + ": outputs[" + size_text(s) + "]");
        sequences.push_back(r.one_dimensional && r.rows[0].empty() ? std::vector<std::vector<Q>>{} : r.rows);
      }
    } else {
      sequences.push_back(rows_from_json(doc, path + ": outputs").rows);
    }
  } else {
    sequences.push_back(rows_from_bytes(bytes, path, "outputs").rows);
  }
  if (sequences.size() != p.size())
    throw InputError(path + ": " + size_text(sequences.size()) + " sequence(s), the inputs have " +
                     size_text(p.size()));
  for (std::size_t s = 0; s < p.size(); ++s) {
    expect_length(a, s, sequences[s].size(), p.length(s), "tokens");
    std::vector<Q> flat;
    for (std::size_t n = 0; n < sequences[s].size(); ++n) {
      if (sequences[s][n].size() != d)
        throw InputError(path + ": sequence " + size_text(s) + ", token " + size_text(n) + " has " +
                         size_text(sequences[s][n].size()) + " values, the model dimension d is " + size_text(d));
      flat.insert(flat.end(), sequences[s][n].begin(), sequences[s][n].end());
    }
    a.values.push_back(std::move(flat));
  }
  return a;
}

namespace {

// The counts and lists compare_outputs gathers over the sequences.
struct CompareTally {
  std::size_t differing = 0, smoothing_only = 0, tokens = 0, differing_tokens = 0, smoothing_tokens = 0,
              not_compared_tokens = 0, explained = 0;
  double max_abs = 0;
  json differences = json::array();
  json undecided = json::array();  // {sequence, token} of every comparison no precision up to the cap decided
  std::map<std::string, std::pair<std::size_t, json>> causes;  // cause -> runs, sequences
  // Per failing sequence, its number, length, largest difference and what explains it.
  struct Failing {
    std::size_t sequence, tokens;
    double difference;
    CaseExplanations explanations;
  };
  std::vector<Failing> failing;
  std::vector<std::size_t> expected;  // sequences rounding accounts for, under rounding=expected

  // The report's counts and its runs by cause.
  json counts_json() const {
    json summary = json::object();
    for (const auto& [cause, entry] : causes) summary[cause] = {{"runs", entry.first}, {"sequences", entry.second}};
    return {{"tokens", tokens},
            {"differing_sequences", differing},
            {"differing_tokens", differing_tokens},
            {"smoothing_only_sequences", smoothing_only},
            {"smoothing_tokens", smoothing_tokens},
            {"not_compared_tokens", not_compared_tokens},
            {"undecided_tokens", undecided.size()},
            {"undecided", undecided},
            {"max_abs_difference", max_abs},
            {"causes", std::move(summary)}};
  }
};

// The divergent runs of an MPAL sequence against its expected outputs, componentwise in tolerance.
std::vector<DivergentRun> mpal_runs(const OracleProblem& p, std::size_t s, const std::vector<Q>& a,
                                    const std::vector<Q>& expected, const Conventions& conv, double& max_abs) {
  std::size_t w = p.width();
  std::vector<DivergentRun> runs;
  for (std::size_t n = 0; n < p.length(s); ++n) {
    bool ok = true;
    for (std::size_t k = 0; k < w; ++k) {
      ok = ok && within_tolerance(conv, a[n * w + k], expected[n * w + k]);
      max_abs = std::max(max_abs, to_double(Q(abs(Q(a[n * w + k] - expected[n * w + k])))));
    }
    if (ok) continue;
    if (!runs.empty() && runs.back().last + 1 == n)
      runs.back().last = n;
    else
      runs.push_back({n, n, true});
  }
  return runs;
}

// A difference's entry before its runs: where it starts, the first value out of tolerance and what was
// expected there. `seq` is null for MPAL, whose expected outputs are `expected`.
json first_difference_json(const OracleProblem& p, std::size_t s, const std::vector<Q>& a,
                           const std::vector<Q>& expected, PalSequence* seq, const Conventions& conv, std::size_t n,
                           bool failure) {
  std::size_t w = p.width(), first = n * w;
  if (p.is_mpal())
    while (within_tolerance(conv, a[first], expected[first])) ++first;
  json d{{"sequence", s}, {"token", n}, {"failure", failure}};
  if (p.is_mpal()) {
    d["expected"] = to_string(expected[first]);
    d["expected_double"] = to_double(expected[first]);
    d["component"] = first % w;
  } else {
    d.update(seq->expected_json(n));
  }
  if (seq && seq->undefined(n)) {
    d["actual"] = nullptr;
  } else {
    d["actual"] = to_string(a[first]);
    d["actual_double"] = to_double(a[first]);
    d["difference"] = to_string(Q(a[first] - (p.is_mpal() ? expected[first] : seq->expected(n))));
  }
  if (!p.is_mpal()) d["input"] = to_string(p.sequences[s][n]), d["memory"] = memory_json(p.sequences[s], n, p.initial);
  return d;
}

// The runs of one sequence with their causes, each counted in the tally's causes; diagnosed when
// `explain`, the first kDetailedRuns of them (all for MPAL) in full.
json run_list_json(const OracleProblem& p, std::size_t s, const std::vector<Q>& a, const std::vector<Q>& expected,
                   PalSequence* seq, const Conventions& conv, const std::vector<DivergentRun>& runs, bool explain,
                   CompareTally& tally) {
  json run_list = json::array();
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const DivergentRun& r = runs[k];
    json run{{"first_token", r.first}, {"last_token", r.last}, {"failure", r.failure}};
    std::string cause = r.failure ? std::string("not_diagnosed") : cause_name(DivergenceCause::Smoothing);
    if (explain && (k < kDetailedRuns || !seq)) {
      json diagnosis = seq ? seq->diagnose(r) : diagnose_mpal_run(p, s, a, expected, conv, r.first, r.last);
      cause = diagnosis["cause"].get<std::string>();
      run["diagnosis"] = std::move(diagnosis);
    } else if (explain) {
      std::vector<std::string> names = seq->cause_names(r);
      if (!names.empty()) cause = names.front();
      run["causes"] = names;
    }
    run["cause"] = cause;
    auto& entry = tally.causes[cause];
    entry.first += 1;
    if (entry.second.empty() || entry.second.back() != s) entry.second.push_back(s);
    run_list.push_back(std::move(run));
  }
  return run_list;
}

// Compares sequence s and adds what differs to the tally.
void compare_sequence(const OracleProblem& p, std::size_t s, const std::vector<Q>& a,
                      const std::vector<char>& undefined, const Conventions& conv, ReadingMeasures* measures, const std::vector<ConventionChange>& changes,
                      std::size_t max_explained, CompareTally& tally) {
  tally.tokens += p.length(s);
  std::unique_ptr<PalSequence> seq;
  std::vector<Q> expected;  // MPAL only
  std::vector<DivergentRun> runs;
  double max_abs = 0;  // MPAL: this sequence's largest difference
  if (p.is_mpal()) {
    expected = mpal_in_frame(p, s, conv);
    runs = mpal_runs(p, s, a, expected, conv, max_abs);
    tally.max_abs = std::max(tally.max_abs, max_abs);
  } else {
    seq = std::make_unique<PalSequence>(*measures, p.sequences[s], a, p.initial, conv, undefined);
    runs = seq->runs();
    tally.max_abs = std::max(tally.max_abs, seq->max_abs_difference());
    for (std::size_t n = 0; n < seq->status().size(); ++n) {
      tally.not_compared_tokens += seq->status()[n] == TokenStatus::NotCompared ? 1 : 0;
      if (seq->status()[n] == TokenStatus::Undecided) tally.undecided.push_back({{"sequence", s}, {"token", n}});
    }
  }
  if (runs.empty()) return;
  // Under rounding=expected a sequence every failing run of which rounding in the dtype accounts for is
  // counted apart, not as a difference (an MPAL head's rounding is checked run by run).
  if (conv.rounding == RoundingCases::Expected) {
    bool any = false, all = true;
    for (const DivergentRun& r : runs) {
      if (!r.failure || !all) continue;
      any = true;
      std::vector<std::string> names =
          seq ? seq->cause_names(r)
              : std::vector<std::string>{
                    diagnose_mpal_run(p, s, a, expected, conv, r.first, r.last)["cause"].get<std::string>()};
      all = !names.empty() && names.front() == "rounding";
    }
    if (any && all) {
      tally.expected.push_back(s);
      return;
    }
  }
  bool failure = false;
  for (const DivergentRun& r : runs) {
    failure = failure || r.failure;
    for (std::size_t n = r.first; n <= r.last; ++n)
      (seq && seq->status()[n] == TokenStatus::Smoothing ? tally.smoothing_tokens : tally.differing_tokens) += 1;
  }
  (failure ? tally.differing : tally.smoothing_only) += 1;
  json d = first_difference_json(p, s, a, expected, seq.get(), conv, runs.front().first, failure);
  bool explain = tally.explained < max_explained;
  tally.explained += explain ? 1 : 0;
  json run_list = run_list_json(p, s, a, expected, seq.get(), conv, runs, explain, tally);
  d["diagnosis"] = run_list[0].contains("diagnosis") ? run_list[0]["diagnosis"] : json(nullptr);
  if (failure) {
    json first_failing = nullptr;
    for (const json& run : run_list)
      if (run["failure"] == true) {
        first_failing = run.value("diagnosis", json(nullptr));
        break;
      }
    if (seq) {
      std::size_t first = 0;
      while (seq->status()[first] != TokenStatus::Differ) ++first;
      tally.failing.push_back({s, p.length(s), seq->max_abs_difference(),
                               {reproducing_changes(changes, *measures, p.sequences[s], a, undefined, first),
                                defect_kinds(first_failing), {}}});
    } else {
      tally.failing.push_back({s, p.length(s), max_abs,
                               {reproducing_mpal_changes(changes, p, s, a, expected, conv, runs.front().first),
                                mpal_defect_kinds(first_failing), {}}});
    }
  }
  d["runs"] = std::move(run_list);
  tally.differences.push_back(std::move(d));
}

// One entry per root cause of the failing sequences (root_causes.h), most sequences first: the cause, the
// sequences it explains (and those it explains only with another, joint), its smallest witness (the
// shortest sequence), the most telling one (the largest difference) and the evidence.
json root_causes_json(const CompareTally& tally, const std::vector<ConventionChange>& changes) {
  std::vector<CaseExplanations> explained;
  for (const auto& f : tally.failing) explained.push_back(f.explanations);
  json list = json::array();
  for (const RootCause& r : group_by_root_cause(explained, changes)) {
    json j = root_cause_json(r, changes);
    j["failing_sequences"] = j["failing_cases"];
    j.erase("failing_cases");
    json sequences = json::array();
    const CompareTally::Failing* smallest = &tally.failing[r.cases.front()];
    const CompareTally::Failing* telling = smallest;
    for (std::size_t k : r.cases) {
      const CompareTally::Failing& f = tally.failing[k];
      sequences.push_back(f.sequence);
      if (f.tokens < smallest->tokens) smallest = &f;
      if (f.difference > telling->difference) telling = &f;
    }
    j["sequences"] = sequences;
    for (std::size_t k = 0; k < r.joint.size(); ++k) {
      json& joint = j["joint"][k];
      joint["failing_sequences"] = joint["failing_cases"];
      joint.erase("failing_cases");
      for (std::size_t s : r.joint[k].cases) joint["sequences"].push_back(tally.failing[s].sequence);
    }
    for (std::size_t k = 0; k < r.folded.size(); ++k) {
      json& stray = j["folded"][k];
      stray["failing_sequences"] = stray["failing_cases"];
      stray.erase("failing_cases");
      for (std::size_t s : r.folded[k].cases) stray["sequences"].push_back(tally.failing[s].sequence);
    }
    j["witness"] = {{"sequence", smallest->sequence}, {"tokens", smallest->tokens}};
    j["most_telling"] = {{"sequence", telling->sequence}, {"max_abs_difference", telling->difference}};
    if (r.change)
      j["evidence"] = {{"reproduces", "every output of each sequence it explains, the reference re-run with " +
                                          changes[*r.change].conventions.dump() +
                                          (r.head ? " in head " + size_text(*r.head) : std::string())}};
    else if (r.cause != "unexplained")
      j["evidence"] = {{"diagnosed", "the first failing run of each sequence it explains (its runs' diagnosis)"}};
    list.push_back(j);
  }
  return list;
}

}  // namespace

json compare_outputs(const OracleProblem& p, const ActualOutputs& actual, const Conventions& conv,
                     std::size_t max_explained) {
  check_conventions_fit(p, conv);
  std::unique_ptr<KeyedMeasure> keyed;
  std::unique_ptr<ReadingMeasures> measures;
  if (!p.is_mpal()) {
    keyed = std::make_unique<KeyedMeasure>(p.measure);
    measures = std::make_unique<ReadingMeasures>(*keyed);
  }
  CompareTally tally;
  std::vector<ConventionChange> changes =
      p.is_mpal() ? mpal_convention_changes(conv, p.initial, p.heads.size()) : convention_changes(conv, p.initial);
  for (std::size_t s = 0; s < p.size(); ++s)
    compare_sequence(p, s, actual.values[s], actual.undefined.empty() ? std::vector<char>{} : actual.undefined[s],
                     conv, measures.get(), changes, max_explained, tally);
  json report = tally.counts_json();
  if (!tally.failing.empty()) report["root_causes"] = root_causes_json(tally, changes);
  // No token compared is no evidence of agreement: an empty batch, or every token outside what was compared.
  const char* status = tally.tokens == tally.not_compared_tokens ? "nothing compared"
                       : tally.differing > 0                     ? "disagree"
                       : !tally.undecided.empty()                ? "undecided"
                                                                 : "agree";
  report["status"] = status;
  report["agree"] = std::string(status) == "agree";
  if (conv.rounding == RoundingCases::Expected)
    report["expected_sequences"] = {{"cause", "rounding"}, {"count", tally.expected.size()}, {"sequences", tally.expected}};
  report["conventions"] = conventions_json(conv);
  report["atol"] = to_string(conv.atol);
  report["rtol"] = to_string(conv.rtol);
  report["initial_state"] = static_cast<int>(p.initial);
  report["sequences"] = p.size();
  report["differences"] = std::move(tally.differences);  // moved, not copied: it holds every run
  return report;
}

std::string summarize_report(const json& report) {
  if (report.at("status") == "nothing compared")
    return "compare: nothing compared: " + size_text(report.at("sequences").get<std::size_t>()) +
           " sequence(s), no token compared\n";
  if (report.at("status") == "undecided") {
    const json& first = report.at("undecided").at(0);
    return "compare: undecided: " + size_text(report.at("undecided_tokens").get<std::size_t>()) +
           " token(s) on the tolerance's edge at " + std::to_string(SequenceReference::kMaxSmoothingBits) +
           " bits, first sequence " + size_text(first.at("sequence").get<std::size_t>()) + ", token " +
           size_text(first.at("token").get<std::size_t>()) + "; no other differs\n";
  }
  std::size_t differing = report.at("differing_sequences").get<std::size_t>();
  std::string text = "compare: " + size_text(differing) + " of " +
                     size_text(report.at("sequences").get<std::size_t>()) + " sequence(s) differ (atol " +
                     report.at("atol").get<std::string>() + ", rtol " + report.at("rtol").get<std::string>() + ")";
  if (std::size_t smooth = report.at("smoothing_only_sequences").get<std::size_t>())
    text += "; " + size_text(smooth) + " more within the smoothing band only";
  if (report.contains("expected_sequences") && report.at("expected_sequences").at("count") != 0)
    text += "; " + size_text(report.at("expected_sequences").at("count").get<std::size_t>()) +
            " more that rounding accounts for, expected";
  if (report.at("differences").empty()) return text + "\n";
  const json& d = report.at("differences").at(0);
  text += "; first: sequence " + size_text(d.at("sequence").get<std::size_t>()) + ", token " +
          size_text(d.at("token").get<std::size_t>()) + ": expected " +
          with_decimal(d.at("expected").get<std::string>(), d.at("expected_double").get<double>()) + ", got " +
          (d.at("actual").is_null() ? std::string("no number")
                                    : with_decimal(d.at("actual").get<std::string>(), d.at("actual_double").get<double>()));
  if (d.contains("difference"))
    text += ", difference " + with_decimal(d.at("difference").get<std::string>(),
                                           to_double(*parse_rational(d.at("difference").get<std::string>())));
  if (report.contains("root_causes"))
    for (const json& root : report.at("root_causes")) {
      text += "\n  root cause " + root.at("cause").get<std::string>();
      if (root.contains("conventions")) text += " " + root.at("conventions").dump();
      if (root.contains("head")) text += " in head " + size_text(root.at("head").get<std::size_t>());
      text += ": " + size_text(root.at("failing_sequences").get<std::size_t>()) + " sequence(s)";
      for (const json& joint : root.value("joint", json::array()))
        text += ", " + size_text(joint.at("failing_sequences").get<std::size_t>()) + " more with " +
                joint.at("with").get<std::string>();
      for (const json& stray : root.value("folded", json::array()))
        text += ", " + size_text(stray.at("failing_sequences").get<std::size_t>()) + " folded from " +
                stray.at("cause").get<std::string>();
      text += ", the shortest sequence " + size_text(root.at("witness").at("sequence").get<std::size_t>());
    }
  for (const auto& [cause, entry] : report.at("causes").items())
    text += "\n  runs caused by " + cause + ": " + size_text(entry.at("runs").get<std::size_t>()) + " in " +
            size_text(entry.at("sequences").size()) + " sequence(s)";
  const json& diagnosis = d.at("diagnosis");
  if (!diagnosis.is_null() && diagnosis.contains("heads")) {
    text += "\n  first run (tokens " + size_text(diagnosis.at("first_token").get<std::size_t>()) + ".." +
            size_text(diagnosis.at("last_token").get<std::size_t>()) + "): " + diagnosis.at("cause").get<std::string>();
    for (const json& head : diagnosis.at("heads"))
      text += "\n  head " + size_text(head.at("head").get<std::size_t>()) +
              " accounts for it: " + head.at("cause").get<std::string>();
  }
  if (diagnosis.is_null() || !diagnosis.contains("causes")) return text + "\n";
  text += "\n  first run (tokens " + size_text(diagnosis.at("first_token").get<std::size_t>()) + ".." +
          size_text(diagnosis.at("last_token").get<std::size_t>()) + "): " + diagnosis.at("cause").get<std::string>();
  for (const json& c : diagnosis.at("causes")) text += "\n    " + describe_cause(c);
  return text + "\n";
}

}  // namespace palcheck::oracle

// def:pal, prop:wiping: eval --dump and --trace streamed (stream_dump.h) write the bytes, or throw the
// message, of the whole-batch path (load_problem + evaluate_problem + format_outputs, and
// dump_json(...).dump(1)) on generated inputs: CSV, .npy and JSON files, files under other names,
// PAL and MPAL documents, MPAL over files (one measure, one per head) and pipes; random sequences with ties on the thresholds, nested zig-zags long enough
// to spill the spools, empty and ragged rows, a 1-D .npy, float32 and int64 .npy, flat JSON lists and
// batches, in every output format and kind, with and without the trace and the dump, from both
// initial states; a bad cell or value, a row .npy cannot hold and a value with no finite double leave
// nothing written.
#include "oracle/stream/stream_dump.h"

#include "oracle/eval/oracle_eval.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/json_input.h"
#include "oracle/formats/npy_format.h"
#include "tests/oracle/error_of.h"
#include "tests/oracle/scratch_files.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <thread>

namespace palcheck::oracle {
namespace {

constexpr std::uint64_t kSeed = 2424;

std::string scratch(const std::string& name) { return scratch_path("palcheck_stream_dump_test", name); }

// The output and the dump of the whole-batch path, or "error: " and its message.
std::pair<std::string, std::string> whole_batch(const DumpRequest& r) {
  std::string output = r.output.empty() ? "-" : r.output, bytes, dump;
  std::string message = error_of([&] {
    OracleProblem problem = load_problem(r.sources);
    BatchOutputs outputs = evaluate_problem(problem, r.dump.empty() ? r.kind : ValueKind::Both);
    std::string what = error_of([&] { bytes = format_outputs(problem, outputs, format_of(output), r.kind, r.trace); });
    if (!what.empty()) throw InputError((output == "-" ? std::string("standard output") : output) + ": " + what);
    if (!r.dump.empty()) dump = dump_json(problem, outputs, r.trace).dump(1) + "\n";
  });
  if (!message.empty()) return {"error: " + message, ""};
  return {bytes, dump};
}

// The streamed path's output and dump, or "error: " and its message; an error leaves both files as they were.
std::pair<std::string, std::string> streamed(const DumpRequest& r) {
  EXPECT_TRUE(dump_streamable(r)) << r.sources.inputs << " -> " << r.output;
  bool to_stdout = r.output.empty() || r.output == "-";
  if (!to_stdout) write_file(r.output, "before");
  if (!r.dump.empty()) write_file(r.dump, "before");
  if (to_stdout) testing::internal::CaptureStdout();
  std::string message = error_of([&] { stream_dump(r); });
  std::string bytes = to_stdout ? testing::internal::GetCapturedStdout() : read_file(r.output);
  if (!message.empty()) {
    EXPECT_EQ(bytes, to_stdout ? "" : "before") << "an error wrote the output: " << message;
    if (!r.dump.empty()) {
      EXPECT_EQ(read_file(r.dump), "before") << "an error wrote the dump: " << message;
    }
    return {"error: " + message, ""};
  }
  return {bytes, r.dump.empty() ? "" : read_file(r.dump)};
}

std::string number_text(std::mt19937_64& rng) {
  int k = static_cast<int>(rng() % 13) - 2;
  switch (rng() % 8) {
    case 0: return std::to_string(k) + "/4";
    case 1: return "1/3";
    case 2: return "0.1";
    default: return std::to_string(k * 0.25);
  }
}

// A nested zig-zag: n extrema closing in on the middle, so the memory grows to depth n.
std::vector<double> zig_zag(std::size_t n) {
  std::vector<double> u;
  for (std::size_t k = 0; k < n; ++k) u.push_back(k % 2 ? -4.0 + 0.001 * k : 4.0 - 0.001 * k);
  return u;
}

std::string csv_row(const std::vector<double>& u) {
  std::string text;
  for (std::size_t k = 0; k < u.size(); ++k) text += (k ? "," : "") + std::to_string(u[k]);
  return text + "\n";
}

// Where a case's problem comes from.
enum class Source {
  Files,     // PAL: --measure and --inputs
  Document,  // a document (measure or heads, and inputs), read before as eval reads it
  Mpal,      // MPAL: --measure (one, or one per head), --w-in, --w-out and --inputs
};

struct Case {
  std::string inputs;  // the file
  std::string what;    // for messages
  Source source = Source::Files;
};

// The generated cases and the files they share: a measure, a grid and MPAL's projections.
struct CaseSet {
  std::string measure = scratch("measure.csv"), grid = scratch("grid.json");
  std::string w_in = scratch("w_in.csv"), w_out = scratch("w_out.csv");
  std::vector<Case> cases;

  // Writes `text` to the scratch file `name` and adds it as a case read from `source`.
  void add(const std::string& name, const std::string& text, const std::string& what, Source source = Source::Files) {
    write_file(scratch(name), text);
    cases.push_back({scratch(name), what, source});
  }
};

// Nine random relays with ties on a lattice and a diagonal one; a grid; two heads' projections (d = 3).
void write_shared_files(const CaseSet& s, std::mt19937_64& rng) {
  std::string relays;
  for (int r = 0; r < 9; ++r) {
    int a = static_cast<int>(rng() % 12), b = a - static_cast<int>(rng() % 5);
    relays += std::to_string(a) + "/4," + std::to_string(b) + "/4," + (r % 3 ? "1/3" : std::to_string(r - 4)) + "\n";
  }
  relays += "0.1,0.1,2\n";  // a diagonal relay
  write_file(s.measure, relays);
  write_file(s.grid, R"({"grid": {"delta": "1/4", "L": 8, "weights": [[2, 1, "1/2"], [8, 3, 1], [5, 5, "-1/7"]]}})");
  write_file(s.w_in, "1,0,1/2\n0,-1,1\n");
  write_file(s.w_out, "1,1,0\n0,1/3,2\n");
}

// A 2 x 3 .npy of another type than float64: its header, then the values' bytes.
template <class T>
std::string npy_2x3(const std::string& descr, const std::vector<T>& values) {
  std::string bytes("\x93NUMPY\x01\x00", 8);
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (2, 3), }";
  header.append(64 - (10 + header.size() + 1) % 64, ' ');
  header += '\n';
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  bytes += header;
  for (T v : values) bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
  return bytes;
}

// A JSON list of the numbers.
std::string json_list(const std::vector<double>& u) {
  std::string text = "[";
  for (double x : u) text += (text.size() > 1 ? "," : "") + std::to_string(x);
  return text + "]";
}

// PAL inputs files: CSV, .npy and JSON, under their own names and others; good and bad.
void add_input_files(CaseSet& s, std::mt19937_64& rng) {
  for (int c = 0; c < 6; ++c) {  // random rows with ties, ragged or rectangular, some empty
    std::string text;
    std::size_t width = 1 + rng() % 12;
    for (std::size_t r = 0; r < 1 + rng() % 6; ++r) {
      std::size_t n = c % 2 ? width : rng() % 12;
      for (std::size_t k = 0; k < n; ++k) text += (k ? "," : "") + number_text(rng);
      text += "\n";
    }
    s.add("random" + std::to_string(c) + ".csv", text, "random rows " + std::to_string(c));
  }
  s.add("zigzag.csv", csv_row(zig_zag(3000)) + csv_row(zig_zag(40)), "nested zig-zags (spools spill)");
  s.add("empty.csv", "", "no rows");
  s.add("bad.csv", "1,2\n3,x,4\n", "a bad cell in the last row");
  s.add("huge.csv", "1,1e400,2\n", "an input with no finite double");
  std::vector<double> flat = zig_zag(500);
  s.add("zigzag.npy", format_npy_f8({flat.size()}, flat), "1-D .npy");
  std::vector<double> square;
  for (int k = 0; k < 4 * 25; ++k) square.push_back(0.25 * static_cast<double>(rng() % 13) - 0.5);
  s.add("batch.npy", format_npy_f8({4, 25}, square), "2-D .npy");
  s.add("f4.npy", npy_2x3("<f4", std::vector<float>{0.1f, 1.75f, -0.25f, 2.5f, 0.1f, 3.0f}), "float32 .npy");
  s.add("i8.npy", npy_2x3("<i8", std::vector<std::int64_t>{1, (std::int64_t{1} << 60) + 1, -2, 0, 3, 2}),
        "int64 .npy beyond 2^53");
  // JSON inputs files, streamed when the whole-batch path reads them without error, else read whole.
  s.add("flat.json", json_list(zig_zag(2500)), "a JSON list: one sequence");
  s.add("batch.json", R"([[1, "1/3", 0.25, 2], [], ["-1/2", 3e0, 1]])", "a JSON batch with an empty row");
  s.add("object.json", R"({"note": [1, {"x": null}], "inputs": [[0.1, "0.1", 1], [2]]})", "a batch under \"inputs\"");
  s.add("object_flat.json", R"({"inputs": ["1/2", 3, -1]})", "a list under \"inputs\"");
  s.add("empty.json", "[]", "an empty JSON list: one empty sequence");
  s.add("bad_value.json", R"([[1, 2], [3, "x"]])", "a JSON batch with a bad value");
  s.add("bad_row.json", R"([[1, 2], 3])", "a JSON batch with a row that is not a list");
  s.add("bad_flat.json", R"([1, [2]])", "a JSON list with a list in it");
  s.add("twice.json", R"({"note": {"a": 1, "a": 2}, "inputs": [1, 2]})", "a JSON key given twice");
  s.add("no_inputs.json", R"({"input": [1]})", "a JSON object without \"inputs\"");
  s.add("huge.json", R"([1, 1e400])", "a JSON number beyond the exponent limit");
  s.add("nan_double.json", R"([1, "1e400"])", "an exact input with no finite double");
  s.add("inputs.txt", "1,2,3\n0,1\n", "CSV under a name without extension");
  s.add("inputs_json.txt", "[[1, 2], [0.5]]", "JSON under a name without extension");
  s.add("npy.bin", format_npy_f8({2, 2}, std::vector<double>{0.5, 1.5, -1, 2}), ".npy under another name");
}

const std::string kDocRelays = R"("relays": [{"alpha": "1/2", "beta": "-1/4", "weight": 2}, {"alpha": 1, "beta": 1}])";

// PAL documents: the measure and the inputs in one JSON file.
void add_documents(CaseSet& s) {
  const Source doc = Source::Document;
  s.add("doc_flat.json", "{" + kDocRelays + R"(, "inputs": )" + json_list(zig_zag(2500)) + "}",
        "a document, one sequence", doc);
  s.add("doc_batch.json", "{" + kDocRelays + R"(, "initial_state": 1, "inputs": [[1, -1, "1/2"], []]})",
        "a document with a batch and an initial state", doc);
  s.add("doc_grid.json",
        R"({"grid": {"delta": "1/4", "L": 4, "weights": [[2, 1, 1], [4, 4, "-1/2"]]},)"
        R"( "inputs": [[0, 1, -1, 0.5, 0.25]]})",
        "a grid document", doc);
  s.add("doc_bad_input.json", "{" + kDocRelays + R"(, "inputs": [[1], [2, true]]})", "a document with a bad input",
        doc);
  s.add("doc_bad_measure.json", R"({"relays": [{"alpha": 0, "beta": 1}], "inputs": [1, "x"]})",
        "a document with a bad measure and a bad input", doc);
}

// MPAL: two heads of d = 3, tokens from files (with the shared projections) and from documents.
void add_mpal_cases(CaseSet& s) {
  std::string tokens;
  for (std::size_t n = 0; n < 900; ++n)  // zig-zags in each head's signal
    tokens += std::to_string(n % 2 ? 1 + n / 200.0 : -1 - n / 300.0) + ",1/" + std::to_string(n % 5 + 1) + "," +
              std::to_string(static_cast<int>(n % 7) - 3) + "\n";
  const Source mpal = Source::Mpal, doc = Source::Document;
  s.add("mpal.csv", tokens, "MPAL tokens in CSV", mpal);
  s.add("mpal_empty.csv", "", "MPAL, no tokens", mpal);
  s.add("mpal.json", R"([[1, 0, "1/2"], [-1, 2, 0.5], [0, 0, 0]])", "MPAL tokens in JSON", mpal);
  s.add("mpal_flat.json", R"([1, 0, 2])", "MPAL, one token as a flat list", mpal);
  s.add("mpal.npy", format_npy_f8({3, 3}, std::vector<double>{1, 2, 3, -1, 0.5, 0, 4, -4, 1}), "MPAL .npy", mpal);
  s.add("mpal_short.csv", "1,2,3\n1,2\n3,2,1\n", "MPAL, a short token", mpal);
  s.add("mpal_short_bad.csv", "1,2,3\n1,2\n3,x,1\n", "MPAL, a short token before a bad cell", mpal);
  s.add("mpal_huge.csv", "1,2,3\n1e400,0,0\n", "MPAL, an input with no finite double", mpal);
  std::string heads = R"("heads": [{"w_in": [1, 0, "1/2"], "w_out": [1, 1, 0], )" + kDocRelays +
                      R"(}, {"w_in": [0, -1, 1], "w_out": [0, "1/3", 2], "grid": {"delta": "1/4", "L": 4,)"
                      R"( "weights": [[2, 1, 1], [4, 4, "-1/2"]]}}])";
  s.add("mpal_doc.json", "{" + heads + R"(, "inputs": [[1, 0, 2], [-1, 3, 0], [0.5, 0.5, 0.5]]})",
        "an MPAL document, one sequence", doc);
  s.add("mpal_doc_batch.json",
        "{" + heads + R"(, "initial_state": 1, "inputs": [[[1, 0, 2], [-1, 3, 0]], [], [[2, 2, 2]]]})",
        "an MPAL document, a batch with an empty sequence", doc);
  s.add("mpal_doc_one.json", "{" + heads + R"(, "inputs": [1, 0, 2]})", "an MPAL document, one token", doc);
  s.add("mpal_doc_none.json", "{" + heads + R"(, "inputs": []})", "an MPAL document, no token", doc);
  s.add("mpal_doc_short.json", "{" + heads + R"(, "inputs": [[[1, 0, 2], [1]], [[1, 2, 3], [1, 2, "x"]]]})",
        "an MPAL document, a short token before a bad value", doc);
  s.add("mpal_doc_short_only.json", "{" + heads + R"(, "inputs": [[[1, 0, 2]], [[1, 2, 3], [1, 2]]]})",
        "an MPAL document, a short token in the second sequence", doc);
  s.add("mpal_doc_d0.json",
        R"({"heads": [{"w_in": [], "w_out": [], "relays": [{"alpha": 1, "beta": 0}]}], "inputs": [[], []]})",
        "an MPAL document with d = 0", doc);
}

// The request for one case with the measures `m`; the initial state is on when `number` (the comparisons so far)
// is odd.
DumpRequest request(const CaseSet& s, const Case& input, const std::vector<std::string>& m, int number) {
  DumpRequest r;
  if (input.source == Source::Document) {
    r.sources.document = input.inputs;
    r.sources.parsed_document = parse_json_text(read_file(input.inputs), input.inputs);
  } else {
    r.sources.measures = m;
    r.sources.inputs = input.inputs;
  }
  if (input.source == Source::Mpal) {
    r.sources.w_in = s.w_in;
    r.sources.w_out = s.w_out;
  }
  if (number % 2) r.sources.initial_state = InitialState::On;
  return r;
}

TEST(OracleStreamDump, SameBytesOrMessageAsWholeBatch) {
  std::mt19937_64 rng(kSeed);
  CaseSet s;
  write_shared_files(s, rng);
  add_input_files(s, rng);
  add_documents(s);
  add_mpal_cases(s);

  int compared = 0, errors = 0;
  for (const Case& input : s.cases)
    for (const std::vector<std::string>& m :
         input.source == Source::Document ? std::vector<std::vector<std::string>>{{}}
         : input.source == Source::Files  ? std::vector<std::vector<std::string>>{{s.measure}, {s.grid}}
                                          : std::vector<std::vector<std::string>>{{s.measure}, {s.grid, s.measure}})
      for (auto [output, kind] : {std::pair{"", ValueKind::Exact}, std::pair{"out.json", ValueKind::Both},
                                  std::pair{"out.json", ValueKind::Double}, std::pair{"out.csv", ValueKind::Exact},
                                  std::pair{"out.csv", ValueKind::Double}, std::pair{"out.npy", ValueKind::Double}})
        for (int mode = 0; mode < 3; ++mode) {  // dump, trace, both
          bool json = std::string(output).empty() || std::string(output).ends_with(".json");
          if (mode > 0 && !json) continue;  // the trace is JSON only
          DumpRequest r = request(s, input, m, compared);
          r.output = std::string(output).empty() ? "" : scratch(output);
          r.kind = kind;
          r.trace = mode > 0;
          r.dump = mode != 1 ? scratch("dump.json") : "";
          auto expected = whole_batch(r);
          auto got = streamed(r);
          ASSERT_EQ(got.first, expected.first) << input.what << ", " << m.size() << " measure(s) -> " << output << ", mode " << mode;
          ASSERT_EQ(got.second, expected.second) << input.what << ", " << m.size() << " measure(s) -> " << output << ", mode " << mode;
          ++compared;
          errors += expected.first.rfind("error: ", 0) == 0;
        }
  // Every kind of refusal was met, and every input the whole-batch path reads wrote something.
  EXPECT_GT(errors, 10);
  EXPECT_GT(compared - errors, 500);
  std::string pid = ".tmp." + std::to_string(::getpid()) + ".";
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::temp_directory_path()))
    EXPECT_EQ(entry.path().filename().string().find(pid), std::string::npos)
        << "a temporary file was left: " << entry.path();
}

TEST(OracleStreamDump, ADocumentNamedLikeAFieldIsWordedAsTheWholeBatchWordsIt) {
  // The whole-batch path puts the document's name in front of a message unless it starts with it.
  std::string relays = R"("relays": [{"alpha": 1, "beta": 0}])";
  std::string heads = R"("heads": [{"w_in": [1, 0], "w_out": [0, 1], "relays": [{"alpha": 1, "beta": 0}]}])";
  for (std::string name : {"i", "in", "inputs", "inputs[0]", "-", "heads"})
    for (const std::string& text : {"{" + relays + R"(, "inputs": [[1, "x"]]})", "{" + heads + R"(, "inputs": [[1, 2], [1]]})",
                                    "{" + heads + R"(, "inputs": [[[1, 2]], [[1, "x"]]]})"}) {
      DumpRequest r;
      r.sources.document = name;
      r.sources.parsed_document = nlohmann::json::parse(text);
      r.dump = scratch("named_dump.json");
      r.output = scratch("named_out.json");
      auto expected = whole_batch(r);
      ASSERT_EQ(expected.first.rfind("error: ", 0), 0u) << text;
      EXPECT_EQ(streamed(r), expected) << name << ": " << text;
    }
}

// Writes `bytes` to the FIFO `path` once a reader opens it.
std::thread feed(const std::string& path, const std::string& bytes) {
  return std::thread([path, bytes] {
    int fd = ::open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    for (std::size_t done = 0; done < bytes.size();) {
      ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
  });
}

TEST(OracleStreamDump, APipeIsReadOnceAsTheWholeBatchPathReadsIt) {
  std::string measure = scratch("pipe_measure.csv"), pipe = scratch("pipe");
  write_file(measure, "1,0\n1/2,-1/2,3\n2,-2,-1\n");
  std::filesystem::remove(pipe);
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  std::vector<double> u = zig_zag(300);
  for (const std::string& bytes : {csv_row(u) + "0,1\n", std::string("[[1, \"1/3\"], [-2, 0.5, 2]]"),
                                   std::string("[1, -1, 0.5]"), format_npy_f8({u.size()}, u),
                                   std::string("1,2\n3,x\n")}) {
    DumpRequest r;
    r.sources.measures = {measure};
    r.sources.inputs = pipe;
    r.output = scratch("pipe_out.json");
    r.trace = true;
    r.dump = scratch("pipe_dump.json");
    std::thread writer = feed(pipe, bytes);
    auto expected = whole_batch(r);
    writer.join();
    writer = feed(pipe, bytes);
    auto got = streamed(r);
    writer.join();
    EXPECT_EQ(got, expected) << bytes.substr(0, 40);
  }
  std::filesystem::remove(pipe);
}

TEST(OracleStreamDump, WhatItDoesNotStream) {
  std::string measure = scratch("m.csv"), inputs = scratch("u.csv");
  write_file(measure, "1,0\n");
  write_file(inputs, "1,2\n");
  DumpRequest r;
  r.sources.measures = {measure};
  r.sources.inputs = inputs;
  r.dump = scratch("d.json");
  EXPECT_TRUE(dump_streamable(r));
  r.output = "o.csv";
  r.trace = true;
  EXPECT_FALSE(dump_streamable(r)) << "the trace is JSON only: the whole-batch path says so";
  r.trace = false;
  r.kind = ValueKind::Both;
  EXPECT_FALSE(dump_streamable(r)) << "CSV holds one kind";
  r.output = "";
  r.sources.initial_state = InitialState::On;
  EXPECT_TRUE(dump_streamable(r));
  r.sources.document = "doc.json";
  EXPECT_FALSE(dump_streamable(r)) << "a document and --measure: the whole-batch path refuses both";
  r.sources.measures.clear();
  r.sources.inputs.clear();
  EXPECT_FALSE(dump_streamable(r)) << "a document not read before";
  r.sources.parsed_document = nlohmann::json::parse(R"({"relays": [], "inputs": [1]})");
  EXPECT_TRUE(dump_streamable(r));
  r.sources.parsed_document = nlohmann::json::parse(R"({"heads": [], "inputs": 1})");
  EXPECT_FALSE(dump_streamable(r)) << "an MPAL document whose inputs are not a list";
  r.sources.parsed_document = nlohmann::json::parse(R"([1])");
  EXPECT_FALSE(dump_streamable(r)) << "a document that is not an object";
  r.sources.parsed_document = nlohmann::json::parse(R"({"relays": []})");
  EXPECT_FALSE(dump_streamable(r)) << "a document without inputs";
  r.sources.document = "";
  r.sources.parsed_document.reset();
  r.sources.measures = {measure};
  r.sources.inputs = inputs;
  r.sources.w_in = "w.npy";
  EXPECT_TRUE(dump_streamable(r)) << "MPAL (without --w-out the whole-batch path's message, from the same code)";
  r.sources.measures.clear();
  EXPECT_FALSE(dump_streamable(r)) << "no measure";
}

}  // namespace
}  // namespace palcheck::oracle

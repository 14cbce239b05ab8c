// def:pal, prop:complexity: eval over a JSON batch streamed (json_stream_eval.h): a document is
// streamed exactly when the whole-batch path reads it without error as a batch (and "inputs" is not
// repeated), and then the bytes, or
// the message of format_outputs, are the whole-batch path's in CSV, .npy and JSON (file and standard
// output), on generated documents with ties, decimal text, numeric strings, huge and tiny numbers,
// empty rows, other keys, and the malformations parse_json_text and rows_from_json refuse (a key
// given twice in an object anywhere among them).
#include "oracle/stream/json_stream_eval.h"

#include "tests/oracle/stream/stream_compare.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck::oracle {
namespace {

constexpr std::uint64_t kSeed = 1617;

std::string scratch(const std::string& name) { return scratch_path("palcheck_json_stream_eval_test", name); }

// A value of a row: numbers and numeric strings on a lattice of 1/4 (ties), decimals, huge and tiny.
std::string value(std::mt19937_64& rng) {
  int k = static_cast<int>(rng() % 14) - 2;
  switch (rng() % 10) {
    case 0: return "\"" + std::to_string(k) + "/4\"";
    case 1: return std::to_string(k * 0.25);
    case 2: return "0.1";
    case 3: return "\"0.1\"";
    case 4: return rng() % 2 ? "1e300" : "-1e-300";
    case 5: return "18446744073709551615";
    case 6: return "-9223372036854775808";
    default: return std::to_string(k);
  }
}

// What a generated document may hold besides a clean batch: each is refused or read otherwise by
// the whole-batch path, so it must not be streamed.
const char* const kFlaws[] = {
    "true", "null", "\"x\"", "[1]", "{\"a\": 1}", "1e-400", "1e2000", "{\"a\": 1, \"b\": {\"a\": 2, \"a\": 3}}",
};

// Case c's inputs document: a batch of random rows (ragged every third case; in one case of four a row may end in
// a flaw), or a list with a list in it; bare or under "inputs" beside other keys, repeated keys, trailing text,
// and deep nesting.
std::string random_document(int c, std::mt19937_64& rng) {
  std::string rows;
  std::size_t n = c % 9 == 0 ? 0 : 1 + rng() % 6, width = rng() % 6;
  for (std::size_t r = 0; r < n; ++r) {
    rows += r ? ", [" : "[";
    std::size_t len = c % 3 == 0 ? rng() % 6 : width;
    for (std::size_t k = 0; k < len; ++k) rows += (k ? ", " : "") + value(rng);
    if (c % 4 == 1 && rng() % 3 == 0) rows += std::string(len ? ", " : "") + kFlaws[rng() % std::size(kFlaws)];
    rows += "]";
  }
  std::string list = c % 13 == 7 ? "[1, [2]]" : "[" + rows + "]";
  std::string doc;
  switch (c % 6) {
    case 0: doc = list; break;
    case 1: doc = "{\"inputs\": " + list + "}"; break;
    case 2:  // every other time with a key given twice beside the inputs
      doc = std::string("{\"note\": [1, {\"deep\": [[\"x\"]]") + (c % 12 == 8 ? ", \"deep\": 1" : "") +
            "}], \"inputs\": " + list + ", \"z\": null}";
      break;
    case 3: doc = "{\"inputs\": " + list + ", \"inputs\": [[1]]}"; break;
    case 4: doc = "{\"inputs\": " + list + ", \"junk\": " + kFlaws[rng() % std::size(kFlaws)] + "}"; break;
    default: doc = "{\"other\": " + list + "}" + (rng() % 2 ? "" : " trailing"); break;
  }
  if (c % 17 == 16) doc = std::string(70, '[') + std::string(70, ']');
  return doc;
}

TEST(OracleJsonStreamEval, StreamedOnlyWhenTheWholeBatchReadsABatchAndThenSameBytes) {
  std::mt19937_64 rng(kSeed);
  std::string measure = scratch("measure.json"), inputs = scratch("inputs.json");
  write_file(measure,
             "{\"relays\": [{\"alpha\": \"1/2\", \"beta\": 0, \"weight\": \"1/3\"}, {\"alpha\": 2, \"beta\": "
             "\"0.1\", \"weight\": 2}, {\"alpha\": 1, \"beta\": 1, \"weight\": -1}]}");
  int streamed_cases = 0, refused = 0;
  for (int c = 0; c < 80; ++c) {
    std::string doc = random_document(c, rng);
    write_file(inputs, doc);
    ProblemSources sources;
    sources.measures = {measure};
    sources.inputs = inputs;
    if (c % 2) sources.initial_state = InitialState::On;
    OracleProblem problem;
    bool loads = error_of([&] { problem = load_problem(sources); }).empty();
    bool batch = loads && problem.batched;
    for (auto [extension, kind] : {std::pair{"out.csv", ValueKind::Exact}, std::pair{"out.npy", ValueKind::Double},
                                   std::pair{"out.json", ValueKind::Double}, std::pair{"-", ValueKind::Both}}) {
      std::string output = extension == std::string("-") ? "-" : scratch(extension);
      // A repeated "inputs" (the document keeps the last) is left to the whole-batch path too.
      bool repeated = c % 6 == 3;
      ASSERT_EQ(streamable(inputs, output, kind), batch && !repeated)
          << "case " << c << " (seed " << kSeed << "): " << doc;
      if (!batch || repeated) {
        ++refused;
        continue;
      }
      ++streamed_cases;
      std::string expected = whole_batch(sources, output, kind);
      for (unsigned threads : {1u, 3u})
        ASSERT_EQ(streamed(sources, output, kind, c % 2 ? 1 : 1 << 20, threads), expected)
            << "case " << c << " (seed " << kSeed << ") " << extension << " threads " << threads << "\n"
            << doc;
    }
  }
  EXPECT_GT(streamed_cases, 60);
  EXPECT_GT(refused, 60);
}

}  // namespace
}  // namespace palcheck::oracle

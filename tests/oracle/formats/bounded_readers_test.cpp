// Every reader bounded (oracle/formats/input_limits.h): a duplicate JSON key, a number past its length,
// a reply of the command fuzz-impl tests nested 200,000 deep, relays a double cannot hold, inputs
// read whole past their size (a 1 GiB file, /dev/zero, a FIFO); a run of zero cases is not passed;
// and docs/hardening.md's table of limits is this code's.
#include "oracle/formats/input_file.h"
#include "oracle/formats/input_limits.h"
#include "oracle/formats/json_input.h"
#include "oracle/fuzz/fuzz_impl.h"
#include "oracle/fuzz/impl_reply.h"
#include "tests/oracle/error_of.h"
#include "tests/oracle/scratch_files.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace palcheck::oracle {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string nested(std::size_t depth, const std::string& leaf = "0") {
  return std::string(depth, '[') + leaf + std::string(depth, ']');
}

TEST(BoundedJson, AKeyGivenTwiceIsAnErrorNamingIt) {
  std::string doc = R"({"relays": [{"alpha": 1, "beta": 0, "weight": 1, "weight": 5}], "inputs": [2]})";
  std::string e = error_of([&] { parse_json_text(doc, "d.json"); });
  EXPECT_TRUE(contains(e, "d.json: relays[0].weight: the key \"weight\" is given twice")) << e;
  EXPECT_THROW(parse_ordered_json_text(R"({"seed": 1, "seed": 2})", "s.json"), InputError);
  EXPECT_NO_THROW(parse_json_text(R"({"a": {"k": 1}, "b": {"k": 2}})", "d.json"));  // one key per object
}

TEST(BoundedJson, ANumberLongerThanTheLimitIsRefusedBeforeGmpSeesIt) {
  std::string digits(kMaxNumberText + 1, '7');
  EXPECT_FALSE(parse_rational(digits));
  EXPECT_TRUE(parse_rational(digits.substr(1)));
  std::string e = error_of([&] { parse_number(nlohmann::json(digits), "inputs[0]"); });
  EXPECT_TRUE(contains(e, "at most " + std::to_string(kMaxNumberText) + " characters")) << e;
  std::string e2 = error_of([&] { parse_json_text("[0." + digits + "]", "d.json"); });
  EXPECT_TRUE(contains(e2, "d.json: [0]: JSON number 0.777")) << e2;
}

TEST(ImplReply, AnyReplyIsOutputsOrAReasonNeverACrash) {
  struct Case {
    std::string line, reason;
  };
  std::vector<Case> cases{
      {"{\"outputs\": " + nested(200000) + "}", "nested deeper than 64"},
      {"{\"error\": " + nested(200000) + "}", "nested deeper than 64"},
      {R"({"outputs": [1], "outputs": [2]})", "given twice"},
      {R"({"outputs": [1e400]})", "number overflow"},
      {R"({"outputs": ["1"]})", "is not a finite number"},
      {R"({"outputs": 3})", "no \"outputs\" list"},
      {R"([1, 2])", "not a JSON object"},
      {R"({"error": "ZeroDivisionError"})", "the command reported: \"ZeroDivisionError\""},
      {"{\"outputs\": [0." + std::string(kMaxNumberText, '1') + "]}", "outside the exact range"},
      {"not json", "malformed JSON"},
  };
  for (const Case& c : cases) {
    ImplReply r = parse_impl_reply(c.line);
    EXPECT_TRUE(contains(r.error, c.reason)) << c.line.substr(0, 80) << "\n" << r.error;
    EXPECT_TRUE(r.outputs.empty());
    EXPECT_LT(r.error.size(), 500u);
  }
  // null is an output the implementation left undefined (before_crossing=undefined), not a malformed reply.
  ImplReply undefined = parse_impl_reply(R"({"outputs": [1, null]})");
  EXPECT_EQ(undefined.error, "");
  EXPECT_EQ(undefined.undefined, (std::vector<char>{0, 1}));
  ImplReply ok = parse_impl_reply(R"({"outputs": [0.5, -1, 2]})");
  EXPECT_EQ(ok.error, "");
  EXPECT_EQ(ok.outputs, (std::vector<Q>{Q(1, 2), Q(-1), Q(2)}));
}

TEST(ImplReply, RelaysADoubleCannotHoldAreRefusedNamingThem) {
  Measure mu;
  mu.relays.push_back({{Q(1), Q(0)}, *parse_rational("1e400")});
  std::string e = error_of([&] { measure_as_doubles(mu, "m.csv"); });
  EXPECT_TRUE(contains(e, "m.csv: relay 0 weight = 1") && contains(e, "beyond the range of a double")) << e;
  mu.relays[0] = {{*parse_rational("-1e309"), *parse_rational("-2e309")}, Q(1)};
  EXPECT_TRUE(contains(error_of([&] { measure_as_doubles(mu, "m.csv"); }), "relay 0 alpha"));
  mu.relays[0] = {{Q(1, 3), Q(0)}, Q(1)};
  EXPECT_EQ(measure_as_doubles(mu, "m.csv").relays[0].thresholds.alpha, *rational_from_double(1.0 / 3));
}

TEST(FuzzImplementation, ARunThatCheckedNoCaseIsNotPassed) {
  FuzzOptions o;
  o.measure.relays.push_back({{Q(1), Q(0)}, Q(1)});
  std::size_t calls = 0;
  Implementation impl = [&](const Measure&, const std::vector<double>& u) {
    ++calls;
    return ImplReply{std::vector<Q>(u.size(), Q(0)), {}, "", "", std::nullopt};
  };
  o.max_cases = 0;
  nlohmann::json none = fuzz_implementation(impl, o);
  EXPECT_EQ(none["cases"], 0);
  EXPECT_EQ(none["passed"], false);
  o.max_cases = 400;
  o.seconds = 0;  // the budget is spent before the first case
  nlohmann::json late = fuzz_implementation(impl, o);
  EXPECT_EQ(late["cases"], 0);
  EXPECT_EQ(late["passed"], false);
  EXPECT_EQ(calls, 0u);
}

TEST(ReadSource, ARegularFilePastTheLimitIsRefusedBeforeItIsRead) {
  std::string path = scratch_path("bounded", "huge.json");
  {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, off_t{1} << 30), 0);  // 1 GiB, sparse: costs no disk
    ::close(fd);
  }
  auto start = std::chrono::steady_clock::now();
  std::string e = error_of([&] { read_source(path); });
  EXPECT_TRUE(contains(e, path + ": 1073741824 bytes; an input read whole may have at most")) << e;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  ::unlink(path.c_str());
}

TEST(ReadSource, AnEndlessDeviceIsRefusedAtTheLimit) {
  std::string e = error_of([&] { read_source("/dev/zero"); });
  EXPECT_TRUE(contains(e, "/dev/zero: more than " + std::to_string(kMaxWholeInputBytes) + " bytes")) << e;
  EXPECT_EQ(read_source("/dev/null"), "");
}

TEST(ReadSource, AFifoIsReadOnceWholeWhenAWriterComes) {
  std::string fifo = scratch_path("bounded", "pipe.npy");
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    ::usleep(200000);  // the reader is waiting first
    std::ofstream(fifo, std::ios::binary) << std::string(200000, 'x');
  });
  EXPECT_EQ(read_source(fifo), std::string(200000, 'x'));
  writer.join();
  ::unlink(fifo.c_str());
}

// docs/hardening.md's table shows each limit with its name in code; the values must be these.
TEST(InputLimits, TheDocumentedTableIsTheCodes) {
  std::ifstream in(std::string(PALCHECK_SOURCE_DIR) + "/docs/hardening.md");
  std::string doc((std::istreambuf_iterator<char>(in)), {});
  ASSERT_FALSE(doc.empty());
  std::vector<std::pair<std::string, std::size_t>> limits{
      {"kMaxWholeInputBytes", kMaxWholeInputBytes},
      {"kFifoWriterSeconds", static_cast<std::size_t>(kFifoWriterSeconds)},
      {"kMaxJsonDepth", kMaxJsonDepth},
      {"kMaxNumberText", kMaxNumberText},
      {"kMaxExponent", static_cast<std::size_t>(kMaxExponent)},
      {"kMaxCsvCellBytes", kMaxCsvCellBytes},
      {"kMaxNpyElements", kMaxNpyElements},
      {"kMaxNpyEmptyRows", kMaxNpyEmptyRows},
      {"kMaxReplyBytes", kMaxReplyBytes},
      {"kMaxTableCells", kMaxTableCells},
      {"kMaxGridL", kMaxGridL},
  };
  // Every limit of input_limits.h is in the list above, so none goes undocumented.
  std::ifstream header_in(std::string(PALCHECK_SOURCE_DIR) + "/oracle/formats/input_limits.h");
  std::string header((std::istreambuf_iterator<char>(header_in)), {});
  // Scans, not std::regex (docs/decisions.md: a warning is an error).
  std::istringstream lines(header);
  std::size_t declared = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("inline constexpr ", 0) != 0) continue;
    std::istringstream words(line);
    std::string word, name;
    while (words >> word && word != "=") name = word;
    ++declared;
    EXPECT_TRUE(std::any_of(limits.begin(), limits.end(), [&](const auto& l) { return l.first == name; }))
        << name << " is not in docs/hardening.md's table";
  }
  EXPECT_EQ(declared, limits.size()) << "input_limits.h declares its limits one per line";
  for (const auto& [name, value] : limits) {
    std::string cell = "| `" + name + "` | ";
    std::size_t at = doc.find(cell);
    ASSERT_NE(at, std::string::npos) << name;
    at += cell.size();
    std::size_t end = doc.find_first_not_of("0123456789,", at);
    ASSERT_NE(end, std::string::npos) << name;
    ASSERT_EQ(doc.compare(end, 2, " |"), 0) << name;
    std::string shown = doc.substr(at, end - at);
    shown.erase(std::remove(shown.begin(), shown.end(), ','), shown.end());
    EXPECT_EQ(shown, std::to_string(value)) << name;
  }
}

}  // namespace
}  // namespace palcheck::oracle

// Sharded searches (RunConfig::part): each part walks RapidCheck's own schedule, so part i judges
// exactly the cases k = i, i + N, ... that rc::detail::checkProperty draws, and the parts merged
// (claims/search_parts.h) are the whole search's result in every field, for held and refuted searches.
#include "claims/search_parts.h"
#include "properties/generators.h"
#include "properties/property_runner.h"

#include <gtest/gtest.h>
#include <rapidcheck/detail/TestListenerAdapter.h>

#include <functional>
#include <string>
#include <vector>

namespace palcheck {
namespace {

using properties::describe;
using properties::PropertySpec;

rc::Gen<Instance> sequences() {
  return properties::with_shrinking(rc::gen::map(properties::sequence(12),
                                                 [](std::vector<Q> u) {
                                                   Instance in;
                                                   in.values = {{"u", std::move(u)}};
                                                   return in;
                                                 }),
                                    {{"u"}, true, {}});
}

// A test-only property on sequences: `violates` decides, `seen` records every judged case in order.
PropertySpec spec_of(std::function<bool(const std::vector<Q>&)> violates, std::vector<std::string>* seen = nullptr) {
  return PropertySpec{"def:stack", "test-only", {}, "test-only", sequences(), [violates, seen](const Instance& in) {
                        if (seen) seen->push_back(describe(in));
                        bool bad = violates(in.values.at("u"));
                        return ReplayOutcome{bad, "ok", bad ? "violated" : "ok", {}};
                      }};
}

RunConfig part_of(std::uint64_t seed, std::uint64_t index, std::uint64_t count) {
  RunConfig config;
  config.seed = seed;
  config.part = SearchPart{index, count};
  return config;
}

TEST(SearchParts, EachPartJudgesRapidChecksOwnCasesOfItsResidue) {
  const std::uint64_t seed = 4, tests = 200;
  // RapidCheck alone, with run_property's seed for this spec (no readings: an empty description).
  std::vector<std::string> whole;
  PropertySpec spec = spec_of([](const std::vector<Q>&) { return false; }, &whole);
  rc::detail::TestParams params;
  params.seed = properties::property_seed(seed, spec.label + "/" + spec.scenario + "/");
  params.maxSuccess = static_cast<int>(tests);
  params.maxSize = 100;
  rc::detail::TestListenerAdapter silent;
  rc::detail::checkProperty(rc::detail::toProperty([&] { spec.judge(*spec.cases); }), rc::detail::TestMetadata{},
                            params, silent, {});
  ASSERT_EQ(whole.size(), tests);
  for (std::uint64_t count : {1, 2, 3, 7}) {
    for (std::uint64_t index = 0; index < count; ++index) {
      std::vector<std::string> seen;
      RunConfig config = part_of(seed, index, count);
      config.tests = tests;
      CheckResult r = properties::run_property(spec_of([](const std::vector<Q>&) { return false; }, &seen), config);
      EXPECT_EQ(r.verdict, Verdict::Held);
      EXPECT_EQ(r.cases, tests);
      std::vector<std::string> expected;
      for (std::uint64_t k = index; k < tests; k += count) expected.push_back(whole[k]);
      EXPECT_EQ(seen, expected) << "part " << index << " of " << count;
    }
  }
}

TEST(SearchParts, PartsMergeToTheWholeSearchInEveryField) {
  // Failures at various cases (and one property that holds), so that different parts find the first one.
  std::vector<std::function<bool(const std::vector<Q>&)>> properties = {
      [](const std::vector<Q>& u) { return u.size() >= 9; },
      [](const std::vector<Q>& u) { return u.size() >= 4 && u[0] > u[3]; },
      [](const std::vector<Q>& u) {
        Q sum = 0;
        for (const Q& x : u) sum += x;
        return sum > 40;
      },
      [](const std::vector<Q>&) { return false; },
  };
  std::size_t stops_off_part_zero = 0;
  for (std::size_t p = 0; p < properties.size(); ++p)
    for (std::uint64_t seed : {1, 2, 3}) {
      CheckResult whole = properties::run_property(spec_of(properties[p]), part_of(seed, 0, 1));
      for (std::uint64_t count : {2, 3, 5}) {
        std::vector<CheckResult> parts;
        for (std::uint64_t index = 0; index < count; ++index)
          parts.push_back(properties::run_property(spec_of(properties[p]), part_of(seed, index, count)));
        std::string error;
        std::optional<CheckResult> merged = merge_search_parts(parts, error);
        ASSERT_TRUE(merged) << error;
        EXPECT_EQ(*merged, whole) << "property " << p << ", seed " << seed << ", " << count
                                  << " parts: " << merged->summary << " vs " << whole.summary;
        if (whole.verdict == Verdict::Refuted && (whole.cases - 1) % count != 0) ++stops_off_part_zero;
      }
    }
  EXPECT_GT(stops_off_part_zero, 0u);  // the merge really took other parts' failures
}

TEST(SearchParts, ADiscardedCaseMakesAPartAnErrorNotAWrongAnswer) {
  // Case sizes after a discard depend on it, and other parts cannot know: a part reports ERROR.
  auto discarding = rc::gen::map(rc::gen::inRange(0, 3), [](int x) {
    if (x == 2) throw rc::GenerationFailure("two");
    Instance in;
    in.values = {{"u", {Q(x)}}};
    return in;
  });
  PropertySpec spec{"def:stack", "test-only", {},
                    "test-only", discarding,  [](const Instance&) { return ReplayOutcome{false, "ok", "ok", {}}; }};
  CheckResult whole = properties::run_property(spec, part_of(1, 0, 1));
  EXPECT_EQ(whole.verdict, Verdict::Held) << whole.summary;
  CheckResult part = properties::run_property(spec, part_of(1, 1, 2));
  EXPECT_EQ(part.verdict, Verdict::Error);
  EXPECT_NE(part.summary.find("without --shard"), std::string::npos) << part.summary;
}

}  // namespace
}  // namespace palcheck

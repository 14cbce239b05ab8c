// Root causes (root_causes.h, def:relay, def:pal): a case that a convention change explains only with a
// defect kind is a combined cause, and a combined cause or a pair of changes whose two parts are chosen on
// cases of their own is folded into them, so that k planted defects are named as at most k causes.
#include "oracle/diagnosis/root_causes.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace palcheck::oracle {
namespace {

// The index of the single change of `key` to `value` among `changes`.
std::size_t change_index(const std::vector<ConventionChange>& changes, const std::string& key,
                         const std::string& value) {
  auto it = std::find_if(changes.begin(), changes.end(), [&](const ConventionChange& c) {
    return !c.pair && c.conventions.contains(key) && c.conventions[key] == value;
  });
  EXPECT_NE(it, changes.end()) << key << "=" << value;
  return it - changes.begin();
}

// The index of the pair of changes among `changes` whose conventions are `both`.
std::size_t pair_index(const std::vector<ConventionChange>& changes, const nlohmann::json& both) {
  auto it = std::find_if(changes.begin(), changes.end(),
                         [&](const ConventionChange& c) { return c.pair && c.conventions == both; });
  EXPECT_NE(it, changes.end()) << both.dump();
  return it - changes.begin();
}

// A root cause's name and the cases it explains alone.
struct Part {
  std::string cause;
  std::vector<std::size_t> cases;
};

// Expects `roots` to be `first` and `second`, in that order and nothing else, each also with the `joint`
// cases that only the two explain together, under their pair's name `pair`.
void expect_folded(const std::vector<RootCause>& roots, const Part& first, const Part& second, const std::string& pair,
                   const std::vector<std::size_t>& joint) {
  ASSERT_EQ(roots.size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    const Part& part = k == 0 ? first : second;
    EXPECT_EQ(roots[k].cause, part.cause);
    EXPECT_EQ(roots[k].cases, part.cases) << part.cause;
    ASSERT_EQ(roots[k].joint.size(), 1u) << part.cause;
    EXPECT_EQ(roots[k].joint[0].with, (k == 0 ? second : first).cause);
    EXPECT_EQ(roots[k].joint[0].cause, pair);
    EXPECT_EQ(roots[k].joint[0].cases, joint) << part.cause;
  }
}

// Two defects planted at once: the first token skipped (u_0 reaches no relay) and a leak that loses 1/16
// per token from the output while the input zig-zags inside relay 0's dead band. No one change reproduces
// the outputs; once the reference skips u_0 as well, what is left grows from cycle to cycle: a ratchet.
TEST(RootCauses, ASkippedFirstTokenWithALeakIsTheChangeWithTheRatchet) {
  Measure mu{{{{Q(4), Q(0)}, Q(1)}, {{Q(1), Q(1, 2)}, Q(2)}}};
  std::vector<Q> u{Q(5)};
  for (int k = 0; k < 6; ++k) u.push_back(Q(2)), u.push_back(Q(3));
  std::vector<Q> rest(u.begin() + 1, u.end()), theirs{Q(0)};
  for (const Q& y : pal_by_definition(mu, rest, InitialState::Off)) theirs.push_back(y);
  for (std::size_t n = 1; n < u.size(); ++n) theirs[n] -= Q(static_cast<int>(n), 16);
  std::vector<char> undefined(u.size(), 0);

  KeyedMeasure keyed(mu);
  ReadingMeasures measures(keyed);
  std::vector<ConventionChange> changes = convention_changes(paper_conventions(), InitialState::Off);
  EXPECT_TRUE(reproducing_changes(changes, measures, u, theirs, undefined).empty());
  std::size_t skipped = change_index(changes, "first_token", "not-applied");
  auto combined = combined_changes(changes, measures, u, theirs, undefined, 0);
  ASSERT_FALSE(combined.empty());
  EXPECT_EQ(combined.front().first, skipped) << changes[combined.front().first].cause;
  EXPECT_EQ(combined.front().second, "ratchet");
}

// Cases 0 and 1 the skipped first token reproduces alone, case 2 the ratchet alone, and cases 3 and 4 only
// the two together: two root causes, each with its own cases and the two joint ones, never a third.
TEST(RootCauses, AChangeWithADefectKindIsFoldedIntoItsTwoPartsWhenBothAreChosen) {
  std::vector<ConventionChange> changes = convention_changes(paper_conventions(), InitialState::Off);
  std::size_t skipped = change_index(changes, "first_token", "not-applied");
  CaseExplanations alone_change{{skipped}, {}, {}}, alone_defect{{}, {{"ratchet"}}, {}},
      both{{}, {}, {{skipped, "ratchet"}}};
  std::vector<RootCause> roots = group_by_root_cause({alone_change, alone_change, alone_defect, both, both}, changes);
  expect_folded(roots, {"first_token", {0, 1}}, {"ratchet", {2}}, "first_token+ratchet", {3, 4});
  nlohmann::json j = root_cause_json(roots[1], changes);
  EXPECT_EQ(j["joint"], nlohmann::json::parse(R"([{"with": "first_token", "cause": "first_token+ratchet",
                                                   "failing_cases": 2}])"));

  // Without a case of its own for the ratchet, the pair stays a cause of its own: nothing is folded into a
  // cause that explains no case alone.
  roots = group_by_root_cause({alone_change, both, both}, changes);
  ASSERT_EQ(roots.size(), 2u);
  EXPECT_EQ(roots[0].cause, "first_token+ratchet");
  EXPECT_EQ(roots[0].cases, (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(roots[1].cause, "first_token");
  EXPECT_TRUE(roots[1].joint.empty());
}

// The same for a pair of changes: strict ties and a skipped first token, each alone on a case, both on two.
TEST(RootCauses, APairOfChangesIsFoldedIntoItsTwoChangesWhenBothAreChosen) {
  std::vector<ConventionChange> changes = convention_changes(paper_conventions(), InitialState::Off);
  std::size_t skipped = change_index(changes, "first_token", "not-applied");
  std::size_t strict = change_index(changes, "tie_rule", "strict");
  std::size_t both = pair_index(changes, {{"tie_rule", "strict"}, {"first_token", "not-applied"}});
  std::vector<RootCause> roots =
      group_by_root_cause({{{skipped}, {}, {}}, {{strict}, {}, {}}, {{both}, {}, {}}, {{both}, {}, {}}}, changes);
  // Equal counts keep the candidates' order: a tie rule's change before a first-token rule's.
  expect_folded(roots, {"tie_rule", {1}}, {"first_token", {0}}, changes[both].cause, {2, 3});
}

// A pair chosen first, on more cases than either part, takes a case one part explains alone: folded, that
// case goes back to the part, and only the cases neither part explains alone are joint. The parts are then
// ordered by all they explain.
TEST(RootCauses, AFoldedPairGivesEachPartTheCasesItExplainsAlone) {
  std::vector<ConventionChange> changes = convention_changes(paper_conventions(), InitialState::Off);
  std::size_t skipped = change_index(changes, "first_token", "not-applied");
  std::size_t strict = change_index(changes, "tie_rule", "strict");
  std::size_t both = pair_index(changes, {{"tie_rule", "strict"}, {"first_token", "not-applied"}});
  std::vector<RootCause> roots = group_by_root_cause(
      {{{skipped}, {}, {}}, {{strict}, {}, {}}, {{skipped, both}, {}, {}}, {{both}, {}, {}}, {{both}, {}, {}}},
      changes);
  expect_folded(roots, {"first_token", {0, 2}}, {"tie_rule", {1}}, changes[both].cause, {3, 4});
}

// The initial state's change is spelled as a number ({"initial_state": 1}); a pair with it folds as any.
TEST(RootCauses, APairWithTheInitialStateFoldsIntoItsParts) {
  std::vector<ConventionChange> changes = convention_changes(paper_conventions(), InitialState::Off);
  std::size_t on = std::find_if(changes.begin(), changes.end(),
                                [](const ConventionChange& c) {
                                  return c.conventions == nlohmann::json{{"initial_state", 1}};
                                }) -
                   changes.begin();
  ASSERT_LT(on, changes.size());
  std::size_t skipped = change_index(changes, "first_token", "not-applied");
  std::size_t both = pair_index(changes, {{"initial_state", 1}, {"first_token", "not-applied"}});
  std::vector<RootCause> roots =
      group_by_root_cause({{{on}, {}, {}}, {{skipped}, {}, {}}, {{both}, {}, {}}, {{both}, {}, {}}}, changes);
  ASSERT_EQ(roots.size(), 2u);
  for (const RootCause& r : roots) EXPECT_EQ(r.joint.at(0).cause, changes[both].cause);
}

// MPAL: a change in every head is a part of the same pair in one head (and a change in another head is not).
TEST(RootCauses, AChangeInEveryHeadIsAPartOfAPairInOneHead) {
  std::vector<ConventionChange> changes = convention_changes(paper_conventions(), InitialState::Off);
  std::size_t skipped = change_index(changes, "first_token", "not-applied");
  std::size_t strict = change_index(changes, "tie_rule", "strict");
  ConventionChange in_head = changes[pair_index(changes, {{"tie_rule", "strict"}, {"first_token", "not-applied"}})];
  in_head.head = 1;
  changes.push_back(in_head);
  std::size_t both = changes.size() - 1;
  std::vector<CaseExplanations> cases{{{skipped}, {}, {}}, {{strict}, {}, {}}, {{both}, {}, {}}, {{both}, {}, {}}};
  EXPECT_EQ(group_by_root_cause(cases, changes).size(), 2u);
  changes[strict].head = 0;  // strict ties in head 0 alone: no part of a pair in head 1
  EXPECT_EQ(group_by_root_cause(cases, changes).size(), 3u);
}

// 100 cases the strict tie rule reproduces, one that only one relay flipped explains, one that only a
// first-token change with a ratchet explains, one the ratchet alone explains: the first two strays (under
// 1 in 50) fold into the cause that implies them, the ratchet's share keeps its own; with 20 cases of the
// tie rule instead, no cause is a stray and nothing folds.
TEST(RootCauses, AStrayCauseOfUnderTwoPercentIsFoldedIntoALargerCauseThatImpliesIt) {
  std::vector<ConventionChange> changes = convention_changes(paper_conventions(), InitialState::Off);
  std::size_t strict = change_index(changes, "tie_rule", "strict"), skipped = change_index(changes, "first_token", "not-applied");
  CaseExplanations tie{{strict}, {}, {}}, flip{{}, {{"relay_flip"}}, {}}, ratchet{{}, {{"ratchet"}}, {}},
      both{{}, {}, {{skipped, "ratchet"}}};
  std::vector<CaseExplanations> cases(100, tie);
  for (int k = 0; k < 3; ++k) cases.push_back(ratchet);
  cases.push_back(flip);
  cases.push_back(both);
  std::vector<RootCause> roots = group_by_root_cause(cases, changes);
  ASSERT_EQ(roots.size(), 2u);
  EXPECT_EQ(roots[0].cause, "tie_rule");
  ASSERT_EQ(roots[0].folded.size(), 1u);
  EXPECT_EQ(roots[0].folded[0].cause, "relay_flip");
  EXPECT_EQ(roots[0].folded[0].cases, (std::vector<std::size_t>{103}));
  EXPECT_EQ(roots[1].cause, "ratchet");
  ASSERT_EQ(roots[1].folded.size(), 1u);
  EXPECT_EQ(roots[1].folded[0].cause, "first_token+ratchet");
  nlohmann::json j = root_cause_json(roots[1], changes);
  EXPECT_EQ(j["folded"], nlohmann::json::parse(R"([{"cause": "first_token+ratchet", "failing_cases": 1}])"));
  cases.erase(cases.begin(), cases.begin() + 80);
  EXPECT_EQ(group_by_root_cause(cases, changes).size(), 4u);
}

}  // namespace
}  // namespace palcheck::oracle

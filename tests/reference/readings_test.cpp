// reference/readings.h: every reading has one spelling, parse reads back exactly what to_string writes,
// and any other text (e.g. the old "classical memory") is rejected.
#include "reference/readings.h"

#include <gtest/gtest.h>

#include <set>

using namespace palcheck;

namespace {

// to_string is injective over `all` and parse inverts it.
template <class T, class Parse>
void expect_round_trip(const std::vector<T>& all, Parse parse) {
  std::set<std::string> names;
  for (const T& value : all) {
    std::string name = to_string(value);
    EXPECT_TRUE(names.insert(name).second) << name << " names two readings";
    auto back = parse(name);
    ASSERT_TRUE(back.has_value()) << name;
    EXPECT_EQ(to_string(*back), name);
  }
}

}  // namespace

TEST(Readings, EachReadingHasOneSpellingThatParsesBack) {
  expect_round_trip(std::vector<InitialState>{InitialState::Off, InitialState::On}, parse_initial_state);
  expect_round_trip(all_tie_rules(), parse_tie_rule);
  expect_round_trip(all_algorithm1_readings(), parse_algorithm1_reading);
  expect_round_trip(all_stack_readings(), parse_stack_reading);
  expect_round_trip(std::vector<Endpoints>{Endpoints::Excluded, Endpoints::Included}, parse_endpoints);
  EXPECT_EQ(all_algorithm1_readings().size(), 6u);
  EXPECT_EQ(all_stack_readings().size(), 7u);
}

TEST(Readings, DefaultsComeFirstAndOtherSpellingsAreRejected) {
  EXPECT_EQ(to_string(all_stack_readings().front()), "classical-memory");
  EXPECT_EQ(to_string(all_algorithm1_readings().front()), to_string(Algorithm1Options{}));
  EXPECT_EQ(all_tie_rules().front(), TieRule::AsPrinted);
  for (const char* other : {"classical memory", "classical", "algorithm1", "", "first=empty"})
    EXPECT_FALSE(parse_stack_reading(other).has_value()) << other;
  EXPECT_FALSE(parse_initial_state("off").has_value());
  EXPECT_FALSE(parse_algorithm1_reading("first=empty").has_value());
}

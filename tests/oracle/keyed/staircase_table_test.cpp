// prop:complexity: the staircase sums held as a persistent tree equal the same sums added up relay
// by relay, and the keyed PAL over a relay list scattered enough to take the tree equals PAL by
// definition on both paths (128-bit and exact).
#include "oracle/keyed/staircase_table.h"

#include "oracle/keyed/keyed_pal.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck {
namespace {

constexpr std::uint64_t kSeed = 8118;

template <class T>
std::vector<StaircaseMass<T>> random_masses(std::mt19937_64& rng, std::size_t m, std::size_t count) {
  std::vector<StaircaseMass<T>> masses;
  for (std::size_t k = 0; k < count; ++k) {
    std::size_t j = rng() % m, i = j + 1 + rng() % (m - j);  // alpha >= beta: i - 1 >= j
    masses.push_back({i, j, T(static_cast<int>(rng() % 19) - 9)});
  }
  return masses;
}

// Cell (i, j) by its definition: every mass with alpha index < i and beta index >= j.
template <class T>
T by_definition(const std::vector<StaircaseMass<T>>& masses, std::size_t i, std::size_t j) {
  T sum(0);
  for (const auto& mass : masses)
    if (mass.i <= i && mass.j >= j) sum += mass.weight;
  return sum;
}

template <class T>
void expect_every_cell_by_definition(StaircaseLayout layout) {
  std::mt19937_64 rng(kSeed);
  for (std::size_t m : {1, 2, 3, 5, 8, 13, 64, 100}) {
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, m, 3 * m}) {
      auto masses = random_masses<T>(rng, m, count);
      StaircaseTable<T> table(m, masses, layout);
      ASSERT_EQ(table.layout(), layout);
      for (std::size_t i = 0; i <= m; ++i)
        for (std::size_t j = 0; j <= m; ++j) {
          ASSERT_TRUE(table.at(i, j) == by_definition(masses, i, j)) << "m " << m << " masses " << count << " cell " << i << ", " << j;
          ASSERT_TRUE(table.at(j * (m + 1) + i) == table.at(i, j));
        }
    }
  }
}

TEST(OracleStaircaseTable, TreeCellsEqualTheirDefinition) {
  expect_every_cell_by_definition<__int128>(StaircaseLayout::Tree);
  expect_every_cell_by_definition<Q>(StaircaseLayout::Tree);
}

TEST(OracleStaircaseTable, DenseCellsEqualTheirDefinition) {
  expect_every_cell_by_definition<__int128>(StaircaseLayout::Dense);
  expect_every_cell_by_definition<Q>(StaircaseLayout::Dense);
}

TEST(OracleStaircaseTable, GridsAreDenseAndScatteredListsATree) {
  // A full grid of L has L(L+1)/2 relays over L thresholds; K scattered relays have up to 2K.
  EXPECT_EQ(staircase_layout(1024, 1024 * 1025 / 2), StaircaseLayout::Dense);
  EXPECT_EQ(staircase_layout(300, 10), StaircaseLayout::Dense);  // 301^2 cells stay in cache
  EXPECT_EQ(staircase_layout(2000, 1000), StaircaseLayout::Tree);
  EXPECT_EQ(staircase_layout(std::size_t{1} << 40, 1), StaircaseLayout::Tree);  // no overflow
}

TEST(OracleStaircaseTable, TreeMemoryGrowsAsRelaysTimesLogThresholds) {
  std::mt19937_64 rng(kSeed + 1);
  for (std::size_t count : {1000, 8000}) {
    StaircaseTable<__int128> table(2 * count, random_masses<__int128>(rng, 2 * count, count), StaircaseLayout::Tree);
    std::size_t path = 1 + std::bit_width(2 * count - 1);
    EXPECT_LE(table.bytes(), (1 + count * path) * (sizeof(__int128) + 2 * sizeof(std::uint32_t)) + (2 * count + 1) * 4);
  }
}

// Relays with thresholds among `span` values, weights dyadic or thirds.
Measure scattered_relays(std::mt19937_64& rng, std::size_t count, int span, bool dyadic) {
  Measure mu;
  for (std::size_t k = 0; k < count; ++k) {
    int a = static_cast<int>(rng() % span), b = static_cast<int>(rng() % span);
    int n = static_cast<int>(rng() % 13) - 6;
    mu.relays.push_back({{Q(std::max(a, b), 7), Q(std::min(a, b), 7)}, dyadic ? Q(n, 1 << (rng() % 5)) : Q(n, 3)});
  }
  return mu;
}

TEST(OracleStaircaseTable, KeyedTreeEqualsDefinitionOnBothPaths) {
  std::mt19937_64 rng(kSeed + 2);
  for (int c = 0; c < 12; ++c) {
    bool dyadic = c % 2 == 0;
    Measure mu = scattered_relays(rng, 300 + rng() % 200, 5000, dyadic);
    KeyedMeasure keyed(mu);
    ASSERT_EQ(keyed.layout(), StaircaseLayout::Tree);
    ASSERT_EQ(keyed.integral(), dyadic);
    std::vector<Q> u;
    for (int n = 0; n < 150; ++n) u.push_back(Q(static_cast<int>(rng() % 5200) - 100, 7));
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      std::vector<Q> expected = pal_by_definition(mu, u, initial);
      ASSERT_EQ(keyed.outputs(u, initial), expected) << "case " << c;
      if (!dyadic) continue;
      // The block path (step_doubles over step_scaled) reads the tree too.
      std::vector<int> keys = keyed.keys(u);
      std::vector<double> doubles(u.size());
      KeyedRun run(keyed, initial);
      run.step_doubles(keys.data(), keys.size(), doubles.data());
      for (std::size_t n = 0; n < u.size(); ++n) ASSERT_EQ(doubles[n], to_double(expected[n])) << "case " << c;
    }
  }
}

}  // namespace
}  // namespace palcheck

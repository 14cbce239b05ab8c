// The query machinery's own housekeeping (smt/z3_query.h): the sweep of the query dumps a killed run
// left in the temporary folder removes those and nothing else, and the wall-clock backstop is
// no answer.
#include "smt/z3_query.h"

#include "util/temporary_name.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace palcheck::smt {
namespace {

namespace fs = std::filesystem;

// A process id that has ended: a child that exits at once, waited for.
long ended_pid() {
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

TEST(QueryDumpSweep, RemovesOnlyStaleDumpsOfEndedRuns) {
  std::string pattern = ::testing::TempDir() + "query_dump_sweep_XXXXXX";
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  const fs::path folder = pattern;
  pid_t sleeper = ::fork();
  if (sleeper == 0) {
    ::pause();
    ::_exit(0);
  }
  const std::string gone = std::to_string(ended_pid()), alive = std::to_string(sleeper);
  const auto old = fs::file_time_type::clock::now() - std::chrono::seconds(2 * kStaleSeconds);
  auto make = [&](const std::string& name, bool stale) {
    std::ofstream(folder / name) << "(check-sat)\n";
    if (stale) fs::last_write_time(folder / name, old);
  };
  make("palcheck-" + gone + "-7-prop_sufficiency_alg1.smt2", true);  // debris: removed
  make("palcheck-" + gone + "-8-fresh.smt2", false);                  // recent: its run may still be writing
  make("palcheck-" + alive + "-9-running.smt2", true);                // a process that is running
  make("palcheck-" + gone + "-x-not_a_dump.smt2", true);              // not palcheck-PID-N-NAME.smt2
  make("palcheck-" + gone + "-10-notes.txt", true);                   // not a dump
  make("mine-" + gone + "-11-user.smt2", true);                       // somebody else's file
  make("palcheck-disagreement-" + gone + "-12-kept.smt2", true);      // the file an ERROR names
  EXPECT_EQ(sweep_stale_query_dumps(folder.string()), 1);
  ::kill(sleeper, SIGKILL);
  ::waitpid(sleeper, nullptr, 0);
  EXPECT_FALSE(fs::exists(folder / ("palcheck-" + gone + "-7-prop_sufficiency_alg1.smt2")));
  std::size_t left = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder)) ++left;
  EXPECT_EQ(left, 6u);
  EXPECT_EQ(sweep_stale_query_dumps((folder / "absent").string()), 0);
  fs::remove_all(folder);
}

// x^3 + y^3 = z^3 in positive integers: no model, and nothing Z3's nonlinear integer arithmetic refutes.
void fermat_cubes(smt::Context& ctx, Query& q) {
  smt::Term x = ctx.int_const("x"), y = ctx.int_const("y"), z = ctx.int_const("z");
  q.fact(x >= 1 && y >= 1 && z >= 1 && x * x * x + y * y * y == z * z * z);
}

TEST(QueryBackstop, AStopByTheWallClockIsNoAnswerAndAStopByTheRlimitIsOne) {
  smt::Context ctx;
  RunConfig clock;
  clock.second_solver = false;
  clock.rlimit = 4'000'000'000u;
  clock.query_seconds = 1;
  Query slow(ctx, clock, "fermat");
  fermat_cubes(ctx, slow);
  QueryOutcome stopped = slow.check();
  EXPECT_EQ(stopped.answer, SolverAnswer::Backstop) << stopped.reason_unknown;
  std::optional<std::string> error = backstop_stop(stopped);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("nothing is claimed"), std::string::npos) << *error;

  RunConfig counted = clock;
  counted.rlimit = 10'000;
  counted.query_seconds = 300;
  Query limited(ctx, counted, "fermat");
  fermat_cubes(ctx, limited);
  QueryOutcome out = limited.check();
  EXPECT_EQ(out.answer, SolverAnswer::Unknown) << out.reason_unknown;
  EXPECT_FALSE(backstop_stop(out).has_value());
}

}  // namespace
}  // namespace palcheck::smt

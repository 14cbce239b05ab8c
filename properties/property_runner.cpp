// The RapidCheck driver behind every property checker (see property_runner.h). It calls
// rc::detail::checkProperty with an empty reproduce map and a silent listener, so RC_PARAMS and the
// console play no part: the seed decides everything. A sharded search (RunConfig::part) runs
// RapidCheck's own search loop over a property that judges only this part's cases.
#include "properties/property_runner.h"

#include <optional>
#include <stdexcept>

#include "claims/replay_sequences.h"
#include "claims/search_parts.h"

#include <rapidcheck/detail/TestListenerAdapter.h>

#include <chrono>
#include <memory>
#include <optional>
#include <ostream>
#include <unordered_map>

namespace palcheck::properties {

namespace {

// Where a search is: the index of the case RapidCheck draws next, the judge calls so far and before the
// last case this part drew, and when progress was last shown.
struct SearchPosition {
  std::uint64_t next_case = 0;
  std::uint64_t evaluations = 0;
  std::uint64_t evaluations_before_last_case = 0;
  std::chrono::steady_clock::time_point last_report = std::chrono::steady_clock::now();
};

// The property as RapidCheck's search loop sees it in one part of a sharded search. The loop draws case
// k from the k-th split of Random(seed) at a size that depends on k alone (no property here discards), so
// a case of another part can pass without being generated or judged: every part walks the same schedule,
// case k is the same case in every part, and a part's counts of passing cases are one process's.
class PartOfProperty {
 public:
  PartOfProperty(rc::detail::Property property, SearchPart part, std::shared_ptr<SearchPosition> position,
                 std::ostream* progress, std::string name, std::uint64_t tests)
      : property_(std::move(property)),
        part_(part),
        position_(std::move(position)),
        progress_(progress),
        name_(std::move(name)),
        tests_(tests) {}

  rc::Shrinkable<rc::detail::CaseDescription> operator()(const rc::Random& random, int size) const {
    std::uint64_t k = position_->next_case++;
    if (progress_) report(k);
    if (k % part_.count != part_.index)
      return rc::shrinkable::just(rc::detail::CaseDescription{
          rc::detail::CaseResult(rc::detail::CaseResult::Type::Success, "judged by another part"), {}, {}});
    position_->evaluations_before_last_case = position_->evaluations;
    return property_(random, size);
  }

 private:
  // One stderr line about every 10 s of a long search.
  void report(std::uint64_t k) const {
    auto now = std::chrono::steady_clock::now();
    if (now - position_->last_report < std::chrono::seconds(10)) return;
    position_->last_report = now;
    *progress_ << "  " << name_ << ": case " << k << " of " << tests_;
    if (part_.count > 1) *progress_ << " (cases k with k mod " << part_.count << " = " << part_.index << ")";
    *progress_ << "\n" << std::flush;
  }

  rc::detail::Property property_;
  SearchPart part_;
  std::shared_ptr<SearchPosition> position_;
  std::ostream* progress_;
  std::string name_;
  std::uint64_t tests_;
};

}  // namespace

std::uint64_t property_seed(std::uint64_t seed, const std::string& name) {
  std::uint64_t h = 1469598103934665603ull ^ seed;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string describe(const Instance& instance) {
  std::string out;
  for (const auto& [key, values] : instance.values) {
    if (!out.empty()) out += "; ";
    out += key + "=" + (values.size() == 1 ? palcheck::to_string(values.front()) : sequences::show(values));
  }
  for (const auto& [key, value] : instance.options) out += "; " + key + "=" + value;
  return out;
}

namespace {

// The options a property spec writes for readings, by their typed values' to_string.
bool is_reading_option(const std::string& key) {
  return key == "initial_state" || key == "stack" || key == "algorithm1" || key == "endpoints";
}

// The typed reading of a spec: its reading options read back by the parse of the type that wrote them (a
// spelling no parse accepts is a defect of the spec, not a reading), with the spec's own typed entries.
Reading typed_reading(const PropertySpec& spec) {
  Reading out = spec.reading;
  auto defect = [&](const std::string& key, const std::string& value) {
    return std::logic_error(spec.label + "/" + spec.scenario + ": option " + key + " = \"" + value +
                            "\" is no value of its reading");
  };
  for (const auto& [key, value] : spec.interpretation) {
    if (!is_reading_option(key)) continue;
    if (key == "initial_state") {
      std::optional<InitialState> s = parse_initial_state(value);
      if (!s) throw defect(key, value);
      out.insert(reading(*s));
    } else if (key == "endpoints") {
      std::optional<Endpoints> e = parse_endpoints(value);
      if (!e) throw defect(key, value);
      out.insert(reading(*e));
    } else {
      std::optional<StackReading> sr = parse_stack_reading(value);
      if (!sr) throw defect(key, value);
      out.insert(reading(*sr));
    }
  }
  return out;
}

using Judge = std::function<ReplayOutcome(const Instance&)>;

// What the property's runs leave for the result: where the search is, the last failing case (the shrunk
// one at the end), the first case this part discarded, and whether shrinking hit its budget.
struct SearchRecord {
  std::shared_ptr<SearchPosition> position = std::make_shared<SearchPosition>();
  std::optional<Instance> last_failure;
  std::optional<std::uint64_t> discarded_case;
  std::uint64_t shrink_evaluations = 0;
  bool budget_spent = false;
};

// The property RapidCheck searches: a drawn case judged, its failure recorded in `record`.
rc::detail::Property judged_property(const PropertySpec& spec, const RunConfig& config, const Judge& judge,
                                     SearchRecord& record) {
  return rc::detail::toProperty([&spec, &config, &judge, &record] {
    Instance instance;
    try {
      instance = *spec.cases;
    } catch (const rc::GenerationFailure&) {
      // A discarded case moves the sizes of the later cases by an amount other parts cannot know.
      if (!record.last_failure && !record.discarded_case) record.discarded_case = record.position->next_case - 1;
      throw;
    }
    instance.label = spec.label;
    instance.scenario = spec.scenario;
    // Shrinking has no end of its own (a counterexample may shrink one unit at a time): past the
    // budget every new candidate passes, so RapidCheck stops at the smallest failure found so far.
    // That one is still judged: RapidCheck runs the final case again for its description.
    if (record.last_failure && record.shrink_evaluations >= config.max_shrinks) {
      record.budget_spent = true;
      if (describe(instance) != describe(*record.last_failure)) return;
    } else if (record.last_failure) {
      ++record.shrink_evaluations;
    }
    ++record.position->evaluations;
    ReplayOutcome outcome = judge(instance);
    if (outcome.violates) {
      record.last_failure = instance;
      RC_FAIL("[" + describe(instance) + "] " + outcome.computed);
    }
  });
}

// A result for the spec before its verdict: the method, the reading and the seeds.
CheckResult result_of(const PropertySpec& spec, const RunConfig& config, std::uint64_t rapidcheck_seed) {
  CheckResult r;
  r.method = "property";
  r.reading = typed_reading(spec);
  for (const auto& [key, value] : spec.interpretation)
    if (!is_reading_option(key)) r.interpretation[key] = value;
  r.seed = config.seed;
  r.details.emplace_back("property", spec.statement);
  r.details.emplace_back("rapidcheck seed", std::to_string(rapidcheck_seed));
  return r;
}

// The verdict of a search RapidCheck failed: the shrunk counterexample, judged again.
void read_failure(const rc::detail::FailureResult& failure, const SearchRecord& record, const RunConfig& config,
                  const Judge& judge, CheckResult& r) {
  r.cases = static_cast<std::uint64_t>(failure.numSuccess) + 1;
  // One process judges each of the numSuccess passing cases once; a part judged only its own.
  r.details.emplace_back("shrink evaluations",
                         std::to_string(record.position->evaluations - record.position->evaluations_before_last_case +
                                        static_cast<std::uint64_t>(failure.numSuccess)));
  if (record.budget_spent)
    r.details.emplace_back("shrinking stopped", "at the budget of " + std::to_string(config.max_shrinks) +
                                                    " judge calls (--max-shrinks); the smallest failure so far");
  // The last failing evaluation is the shrunk case; RapidCheck's own description must agree.
  const std::optional<Instance>& last = record.last_failure;
  if (!last || failure.description.find("[" + describe(*last) + "]") == std::string::npos) {
    r.verdict = Verdict::Error;
    r.summary = "the recorded counterexample is not RapidCheck's shrunk case: " + failure.description;
    return;
  }
  ReplayOutcome outcome = judge(*last);
  r.verdict = Verdict::Refuted;
  r.counterexample = *last;
  r.searched = describe(*last) + " -> " + outcome.computed;
  r.summary = counterexample_opening(failure.numSuccess) + *r.searched;
}

// The verdict, the count of cases and the summary that RapidCheck's result gives.
void read_result(const rc::detail::TestResult& result, const SearchRecord& record, const RunConfig& config,
                 const Judge& judge, CheckResult& r) {
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  if (record.discarded_case && config.part.count > 1) {
    r.verdict = Verdict::Error;
    r.cases = *record.discarded_case + 1;
    r.summary = "case " + std::to_string(*record.discarded_case) +
                " was discarded (generation failed), which shifts the sizes of later cases in other parts: run this "
                "search without --shard";
  } else if (result.match(success)) {
    r.verdict = Verdict::Held;
    r.cases = static_cast<std::uint64_t>(success.numSuccess);
    r.summary = std::to_string(success.numSuccess) + " generated cases, none failed";
  } else if (result.match(failure)) {
    read_failure(failure, record, config, judge, r);
  } else if (result.match(gave_up)) {
    r.verdict = Verdict::Unknown;
    r.cases = static_cast<std::uint64_t>(gave_up.numSuccess);
    r.summary = "RapidCheck gave up: " + gave_up.description;
  } else {
    r.verdict = Verdict::Error;
    r.summary = "RapidCheck error";
  }
}

}  // namespace

CheckResult run_property(const PropertySpec& spec, const RunConfig& config) {
  const auto& judge = spec.judge ? spec.judge : sequences::judge_for(spec.label, spec.scenario);
  SearchRecord record;
  rc::detail::Property property = judged_property(spec, config, judge, record);
  const std::string id = spec.label + "/" + spec.scenario;
  const std::string readings = describe(Instance{"", "", spec.interpretation, {}});
  const std::string shown = readings.size() > 2 ? id + " (" + readings.substr(2) + ")" : id;  // "; k=v; ..."
  rc::detail::TestParams params;
  params.seed = property_seed(config.seed, id + "/" + readings);
  params.maxSuccess = static_cast<int>(config.tests);
  params.maxSize = 100;
  rc::detail::TestListenerAdapter silent;
  rc::detail::TestMetadata metadata;
  metadata.id = id;
  rc::detail::TestResult result = rc::detail::checkProperty(
      PartOfProperty(property, config.part, record.position, config.progress, shown, config.tests), metadata, params,
      silent, {});
  CheckResult r = result_of(spec, config, params.seed);
  read_result(result, record, config, judge, r);
  return r;
}

Checker property_checker(const std::string& label, std::function<std::vector<PropertySpec>()> specs) {
  return Checker{label, "property",
                 [specs](const RunConfig& config) {
                   std::vector<CheckResult> out;
                   for (const PropertySpec& spec : specs()) out.push_back(run_property(spec, config));
                   return out;
                 },
                 Sharding::ByCase};
}

}  // namespace palcheck::properties

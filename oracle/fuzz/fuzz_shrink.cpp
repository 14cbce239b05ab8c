// def:relay, def:pal: shrinking a failing fuzz-impl case (fuzz_shrink.h).
#include "oracle/fuzz/fuzz_shrink.h"

#include "oracle/formats/json_input.h"
#include "reference/relay.h"

#include <algorithm>
#include <optional>

namespace palcheck::oracle::fuzz {

using nlohmann::json;

namespace {

// The relay a ratchet creeps on (the one its evidence names first), if any.
std::optional<std::size_t> ratchet_relay(const Outcome& out) {
  if (out.cause != "ratchet") return std::nullopt;
  for (const json& c : out.diagnosis["causes"])
    if (c["cause"] == "ratchet" && c["evidence"].contains("relays") && !c["evidence"]["relays"].empty())
      return c["evidence"]["relays"][0]["index"].get<std::size_t>();
  return std::nullopt;
}

}  // namespace

bool short_of_thresholds(const Outcome& out, const Measure& mu, const std::vector<Q>& u, InitialState initial) {
  std::optional<std::size_t> r = ratchet_relay(out);
  if (!r || *r >= mu.relays.size()) return false;
  const Thresholds& t = mu.relays[*r].thresholds;
  RelayState state = static_cast<RelayState>(initial);
  for (const Q& x : u)
    if (x == t.alpha || x == t.beta || step_relay(t, x, state) != state) return false;
  return true;
}

std::string slot_key(const std::string& property, const Outcome& out, const Measure& mu, const std::vector<Q>& u,
                     InitialState initial) {
  std::string key = property + "|" + out.cause;
  if (short_of_thresholds(out, mu, u, initial)) key += "|short of its thresholds";
  return key;
}

namespace {

class Shrinker {
 public:
  Shrinker(Tester& tester, const FuzzOptions& o, const Palette& palette, Shrunk s, const std::string& property,
           Clock::time_point deadline)
      : tester_(tester),
        o_(o),
        palette_(palette),
        s_(std::move(s)),
        budget_(tester.calls() + 1500),
        was_ambiguous_(s_.outcome.ambiguous),
        key_(slot_key(property, s_.outcome, s_.mu, s_.u, o.initial)),
        deadline_(deadline) {}

  Shrunk shrink() {
    bool progress = true;
    while (progress) {
      progress = cut_after_failure();
      if (o_.relays == RelaysPerCall::Sent) progress = drop_relays() || progress;
      progress = drop_tokens() || progress;
      progress = simplify_numbers() || progress;
    }
    return s_;
  }

 private:
  // Whether (mu, u) still fails as the case does, in `out`; false once the budget is spent.
  bool keeps(const Measure& mu, const std::vector<Q>& u, Outcome& out) {
    if (u.empty() || tester_.calls() >= budget_ || Clock::now() > deadline_) return false;
    out = tester_.run(mu, u);
    return out.fails && out.cause == s_.outcome.cause && (was_ambiguous_ || !out.ambiguous) &&
           slot_key(tester_.classify(mu, u, out), out, mu, u, o_.initial) == key_;
  }

  bool cut_after_failure() {
    Outcome out;
    if (!s_.outcome.reply.error.empty() || s_.outcome.token + 1 >= s_.u.size()) return false;
    std::vector<Q> cut(s_.u.begin(), s_.u.begin() + static_cast<std::ptrdiff_t>(s_.outcome.token + 1));
    if (!keeps(s_.mu, cut, out)) return false;
    s_.u = cut, s_.outcome = out;
    return true;
  }

  bool drop_relays() {
    Outcome out;
    bool progress = false;
    for (std::size_t size = std::max<std::size_t>(1, s_.mu.relays.size() / 2); size >= 1; size /= 2) {
      for (std::size_t i = 0; i + size <= s_.mu.relays.size() && s_.mu.relays.size() > size;) {
        Measure fewer = s_.mu;
        fewer.relays.erase(fewer.relays.begin() + static_cast<std::ptrdiff_t>(i),
                           fewer.relays.begin() + static_cast<std::ptrdiff_t>(i + size));
        if (keeps(fewer, s_.u, out)) {
          s_.mu = fewer, s_.outcome = out, progress = true;
          s_.relay_index.erase(s_.relay_index.begin() + static_cast<std::ptrdiff_t>(i),
                               s_.relay_index.begin() + static_cast<std::ptrdiff_t>(i + size));
        } else {
          i += size;
        }
      }
      if (size == 1) break;
    }
    return progress;
  }

  bool drop_tokens() {
    Outcome out;
    bool progress = false;
    for (std::size_t size = std::max<std::size_t>(1, s_.u.size() / 2); size >= 1; size /= 2) {
      for (std::size_t i = 0; i + size <= s_.u.size();) {
        std::vector<Q> fewer = s_.u;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i), fewer.begin() + static_cast<std::ptrdiff_t>(i + size));
        if (keeps(s_.mu, fewer, out))
          s_.u = fewer, s_.outcome = out, progress = true;
        else
          i += size;
      }
      if (size == 1) break;
    }
    return progress;
  }

  // The numbers token t might become, fewest digits first: 0, the thresholds, x rounded.
  std::vector<double> simpler_numbers(double x, int digits) const {
    std::vector<double> candidates{0.0};
    for (const WeightedRelay& w : s_.mu.relays)
      for (const Q& th : {w.thresholds.alpha, w.thresholds.beta}) candidates.push_back(to_double(th));
    for (int precision = 1; precision < digits; ++precision) candidates.push_back(rounded(x, precision));
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](double a, double b) { return digits_of(a) < digits_of(b); });
    return candidates;
  }

  bool simplify_numbers() {
    Outcome out;
    bool progress = false;
    for (std::size_t t = 0; t < s_.u.size(); ++t) {
      double x = to_double(s_.u[t]);
      int digits = digits_of(x);
      std::size_t tried = 0;
      for (double c : simpler_numbers(x, digits)) {
        if (tried >= 8 || digits_of(c) >= digits) break;
        Q q = *rational_from_double(c);
        if (!palette_.inside(q) || q == s_.u[t]) continue;
        ++tried;
        std::vector<Q> v = s_.u;
        v[t] = q;
        if (keeps(s_.mu, v, out)) {
          s_.u = v, s_.outcome = out, progress = true;
          break;
        }
      }
    }
    return progress;
  }

  Tester& tester_;
  const FuzzOptions& o_;
  const Palette& palette_;
  Shrunk s_;
  const std::size_t budget_;
  const bool was_ambiguous_;
  const std::string key_;
  Clock::time_point deadline_;
};

}  // namespace

Shrunk shrink(Tester& tester, const FuzzOptions& o, const Palette& palette, Shrunk s, const std::string& property,
              Clock::time_point deadline) {
  return Shrinker(tester, o, palette, std::move(s), property, deadline).shrink();
}

}  // namespace palcheck::oracle::fuzz

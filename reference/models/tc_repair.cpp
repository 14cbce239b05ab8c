// repair:thm:tc: the PAL-Transformer on the nested encoding (see tc_repair.h).
#include "tc_repair.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace palcheck {

namespace {

constexpr std::size_t kDim = 8;
constexpr std::size_t kControl = 0, kStack1 = 1, kStack2 = 2, kTape = 3;
constexpr std::size_t kReadControl = 4, kReadStack1 = 5, kReadStack2 = 6, kReadTape = 7;

QVector unit(std::size_t i) {
  QVector v(kDim, Q(0));
  v[i] = 1;
  return v;
}

void add_relay(Measure& mu, long alpha, long beta, const Q& weight) {
  mu.relays.push_back(WeightedRelay{Thresholds{Q(alpha), Q(beta)}, weight});
}

// tau of the rising token for one stack: target minus the reflection 2O - m(s, D) of the rest value.
Q rise_tau(const StackOp& op, int top, int k) {
  int s = top + 1;
  switch (op.kind) {
    case StackOp::Kind::Push: return Q(s - (k + 1) - (op.symbol + 1));  // to M(a, D+1)
    case StackOp::Kind::Pop: return Q(s);                               // to P(D-1)
    case StackOp::Kind::None: break;
  }
  return Q(s - (k + 1));  // to P(D)
}

}  // namespace

Measure reader_measure(const NestedEncoding& enc) {
  Measure mu;
  int k = enc.k;
  for (int d = 0; d <= enc.d_max; ++d) {
    // Top at rest: relay (M(k, d+1), m(i, d)) is [D >= d+1] + [D = d][g_d >= i]; the i = k relay
    // is [D >= d+1] alone, so the sum over i < k minus (k-1) times it is [D = d] g_d.
    for (int i = 1; i < k; ++i) add_relay(mu, enc.max_code(k, d + 1), enc.min_code(i, d), Q(1));
    if (k > 1) add_relay(mu, enc.max_code(k, d + 1), enc.min_code(k, d), Q(-(k - 1)));
    // The level below P(d): only the input value P(d) lies in [P(d), P(d)+1), so the difference of
    // the two relays fires only while the input sits at P(d), and then reads [g_d < i].
    for (int i = 1; i <= k; ++i) {
      add_relay(mu, enc.slot(d), enc.min_code(i, d), Q(1));
      add_relay(mu, enc.slot(d) + 1, enc.min_code(i, d), Q(-1));
    }
  }
  return mu;
}

Measure diagonal_measure(int count) {
  Measure mu;
  for (int j = 1; j < count; ++j) add_relay(mu, j, j, Q(1));
  return mu;
}

RepairTransformer::RepairTransformer(const TwoStackPda& m, int d_max)
    : machine_(m), enc_{m.stack_symbol_count(), d_max} {
  const int nq = m.state_count(), nc = 2 * nq, ni = m.input_count(), k = enc_.k, nr = k + 1;
  heads_ = {MpalHead{unit(kControl), unit(kReadControl), diagonal_measure(nc)},
            MpalHead{unit(kStack1), unit(kReadStack1), reader_measure(enc_)},
            MpalHead{unit(kStack2), unit(kReadStack2), reader_measure(enc_)},
            MpalHead{unit(kTape), unit(kReadTape), diagonal_measure(ni)}};
  // The key (c, x, r1, r2) in mixed radix, c least significant; every combination gets an entry.
  QVector key(kDim, Q(0));
  key[kReadControl] = 1;
  key[kReadTape] = nc;
  key[kReadStack1] = nc * ni;
  key[kReadStack2] = nc * ni * nr;
  std::vector<QVector> table;
  for (int r2 = 0; r2 < nr; ++r2)
    for (int r1 = 0; r1 < nr; ++r1)
      for (int x = 0; x < ni; ++x)
        for (int c = 0; c < nc; ++c) {
          QVector out(kDim, Q(0));
          if (c >= nq) {
            // Middle of a step: fall to the level below the input, which the reader just read.
            out[kControl] = c - nq;
            out[kStack1] = -r1;
            out[kStack2] = -r2;
          } else if (r1 < k && r2 < k) {
            const PdaTransition& tr = m.at(c, x, r1, r2);
            out[kControl] = nq + tr.next;
            out[kStack1] = rise_tau(tr.op1, r1, k);
            out[kStack2] = rise_tau(tr.op2, r2, k);
          }
          table.push_back(out);
        }
  mlp_ = interpolation_table_mlp(kDim, key, table);
  // Linear terms: the control is replaced, each stack signal reflected about O (all inputs >= 0).
  for (auto [slot, weight] : {std::pair{kControl, -1}, std::pair{kStack1, -2}, std::pair{kStack2, -2}}) {
    mlp_.w1.push_back(unit(slot));
    mlp_.b1.push_back(0);
    for (std::size_t o = 0; o < kDim; ++o) mlp_.w2[o].push_back(o == slot ? Q(weight) : Q(0));
  }
  mlp_.b2[kStack1] += 2 * enc_.offset();
  mlp_.b2[kStack2] += 2 * enc_.offset();
}

QVector RepairTransformer::prompt(int tape) const {
  QVector x(kDim, Q(0));
  x[kControl] = machine_.state_count() + machine_.start();
  x[kStack1] = x[kStack2] = enc_.max_code(1, 0);
  x[kTape] = tape;
  return x;
}

QVector RepairTransformer::next_token(const QVector& z, int tape) const {
  QVector out = mlp_.apply(z);
  QVector x(kDim, Q(0));
  for (std::size_t s : {kControl, kStack1, kStack2}) x[s] = z[s] + out[s];
  x[kTape] = tape;
  return x;
}

RepairRun::RepairRun(const RepairTransformer& t) : t_(t) {
  for (const MpalHead& h : t.heads()) pals_.emplace_back(h.mu, InitialState::Off);
  fresh_ = pals_;
}

QVector RepairRun::feed(const QVector& x) {
  QVector z = x;
  for (std::size_t h = 0; h < pals_.size(); ++h) {
    const MpalHead& head = t_.heads()[h];
    Q out = pals_[h].step(project(head.w_in, {x})[0]);
    for (std::size_t i = 0; i < z.size(); ++i) z[i] += head.w_out[i] * out;
  }
  return z;
}

QVector RepairRun::z_from_memories() const {
  QVector z(kDim, Q(0));
  for (std::size_t h = 0; h < pals_.size(); ++h) {
    const MpalHead& head = t_.heads()[h];
    MemoryPal pal = fresh_[h];
    Q out = 0;  // relays start off, so an empty memory outputs 0
    for (const Q& e : pals_[h].memory().extrema()) out = pal.step(e);
    // Each head reads one slot with weight 1, so the slot's value is the memory's current input.
    for (std::size_t i = 0; i < kDim; ++i) {
      if (head.w_in[i] != 0 && !pals_[h].memory().extrema().empty())
        z[i] += pals_[h].memory().extrema().back() / head.w_in[i];
      z[i] += head.w_out[i] * out;
    }
  }
  return z;
}

int bit_length(const Q& v) {
  boost::multiprecision::mpz_int n =
      boost::multiprecision::numerator(v < 0 ? Q(-v) : v) / boost::multiprecision::denominator(v < 0 ? Q(-v) : v);
  int bits = 0;
  while (n > 0) {
    n >>= 1;
    ++bits;
  }
  return bits;
}

namespace {

std::string describe_construction(const RepairTransformer& t, const RepairRun& run, const QVector& z,
                                  std::optional<std::vector<int>> stacks[2]) {
  const TwoStackPda& m = t.machine();
  std::string s;
  const Q& c = z[kReadControl];
  if (c == floor_q(c) && c >= 0 && c < m.state_count())
    s = "q=" + m.state_name(c.convert_to<int>());
  else
    s = "control=" + to_string(c);
  for (int i = 0; i < 2; ++i) {
    stacks[i] = t.encoding().decode(run.memory(static_cast<std::size_t>(i) + 1).extrema());
    s += " S" + std::to_string(i + 1) + "=" + (stacks[i] ? stack_to_string(m, *stacks[i]) : "<not a nested stack>");
    const Q& r = z[i == 0 ? kReadStack1 : kReadStack2];
    bool symbol = r == floor_q(r) && r >= 0 && r < m.stack_symbol_count();
    s += " top=" + (symbol ? m.symbol_name(r.convert_to<int>()) : to_string(r));
  }
  return s;
}

}  // namespace

RepairReport run_repair_tc(const TwoStackPda& m, const std::string& word, std::size_t steps,
                           std::size_t restart_every) {
  RepairTransformer t(m, static_cast<int>(steps) + 1);
  RepairRun run(t);
  RepairReport report;
  auto track = [&](const QVector& v) {
    for (const Q& q : v) {
      Q a = q < 0 ? Q(-q) : q;
      if (a > report.max_abs) report.max_abs = a;
      if (q != floor_q(q)) report.all_integers = false;
    }
  };
  PdaConfig config = initial_config(m);
  QVector x = t.prompt(input_at(m, word, 0));
  for (std::size_t n = 0;; ++n) {
    std::size_t t_step = n == 0 ? 0 : (n - 1) / 2;
    QVector z = run.feed(x);
    ++report.tokens;
    track(x);
    track(z);
    bool restart_ok = true;
    if (restart_every && n % restart_every == 0) {
      ++report.restart_checks;
      restart_ok = run.z_from_memories() == z;
    }
    if (n % 2 == 1 || !restart_ok) {
      std::optional<std::vector<int>> stacks[2];
      SideBySideRow row{t_step, to_string(m, config), describe_construction(t, run, z, stacks), false};
      row.agree = restart_ok && z[kReadControl] == config.state && stacks[0] == config.stack1 &&
                  stacks[1] == config.stack2 && z[kReadStack1] == config.stack1.back() &&
                  z[kReadStack2] == config.stack2.back();
      if (!restart_ok) row.construction += " (the memories alone give a different z)";
      report.run.rows.push_back(row);
      int depth = static_cast<int>(std::max(config.stack1.size(), config.stack2.size())) - 1;
      report.max_depth = std::max(report.max_depth, depth);
      if (!row.agree) {
        report.run.first_difference = t_step;
        return report;
      }
      if (t_step == steps) return report;
      config = pda_step(m, config, input_at(m, word, t_step));
    }
    x = t.next_token(z, input_at(m, word, n / 2));
  }
}

}  // namespace palcheck

// palcheck's solver terms over Z3's C++ API (see term.h): every operation is the z3++ call of the same name,
// so that a proof built from these terms makes the same Z3 calls, in the same order, as one built from z3++.
#include "smt/term.h"

#include <z3++.h>

namespace palcheck::smt {

namespace {

z3::context& z3_of(Context& c) { return *static_cast<z3::context*>(c.native()); }
z3::expr z3_of(const Term& t) { return z3::expr(z3_of(t.ctx()), static_cast<Z3_ast>(t.native())); }
z3::sort z3_of(const Sort& s) { return z3::sort(z3_of(s.ctx()), reinterpret_cast<Z3_sort>(s.native())); }
z3::func_decl z3_of(const FuncDecl& f) {
  return z3::func_decl(z3_of(f.ctx()), reinterpret_cast<Z3_func_decl>(f.native()));
}
z3::expr_vector z3_of(const TermVector& ts) {
  z3::expr_vector v(z3_of(ts.ctx()));
  for (const Term& t : ts) v.push_back(z3_of(t));
  return v;
}

void* handle(const z3::ast& a) { return static_cast<Z3_ast>(a); }
Term wrap(Context& c, const z3::expr& e) { return Term(c, handle(e)); }
Sort wrap(Context& c, const z3::sort& s) { return Sort(c, handle(s)); }
FuncDecl wrap(Context& c, const z3::func_decl& f) { return FuncDecl(c, handle(f)); }

}  // namespace

Ast::Ast(Context& ctx, void* ast) : ctx_(&ctx), ast_(ast) { Z3_inc_ref(z3_of(ctx), static_cast<Z3_ast>(ast_)); }

Ast::Ast(const Ast& other) : ctx_(other.ctx_), ast_(other.ast_) { Z3_inc_ref(z3_of(*ctx_), static_cast<Z3_ast>(ast_)); }

Ast::Ast(Ast&& other) noexcept : ctx_(other.ctx_), ast_(other.ast_) { other.ast_ = nullptr; }

Ast& Ast::operator=(const Ast& other) {
  // In z3++'s order: the new reference is taken before the old is dropped, so self-assignment is harmless.
  Z3_inc_ref(z3_of(*other.ctx_), static_cast<Z3_ast>(other.ast_));
  if (ast_) Z3_dec_ref(z3_of(*ctx_), static_cast<Z3_ast>(ast_));
  ctx_ = other.ctx_;
  ast_ = other.ast_;
  return *this;
}

Ast& Ast::operator=(Ast&& other) noexcept {
  // As z3++ 4.8 does, the reference to the old AST is kept, not dropped: Z3's SMT-LIB2 printer inlines a term
  // or names it by its reference count, so the dumps stay those of the z3++ encodings only if the counts do.
  if (this != &other) {
    ctx_ = other.ctx_;
    ast_ = other.ast_;
    other.ast_ = nullptr;
  }
  return *this;
}

Ast::~Ast() {
  if (ast_) Z3_dec_ref(z3_of(*ctx_), static_cast<Z3_ast>(ast_));
}

std::string Ast::to_string() const { return z3::ast(z3_of(*ctx_), static_cast<Z3_ast>(ast_)).to_string(); }

Term Term::simplify() const { return wrap(ctx(), z3_of(*this).simplify()); }
bool Term::is_true() const { return z3_of(*this).is_true(); }
bool Term::is_numeral() const { return z3_of(*this).is_numeral(); }
Term Term::substitute(const TermVector& from, const TermVector& to) const {
  z3::expr_vector f = z3_of(from), t = z3_of(to);
  return wrap(ctx(), z3_of(*this).substitute(f, t));
}

Term FuncDecl::operator()(const Term& a) const { return wrap(ctx(), z3_of(*this)(z3_of(a))); }
Term FuncDecl::operator()(int a) const { return wrap(ctx(), z3_of(*this)(a)); }
Term FuncDecl::operator()(const Term& a1, const Term& a2) const {
  return wrap(ctx(), z3_of(*this)(z3_of(a1), z3_of(a2)));
}
Term FuncDecl::operator()(const Term& a1, const Term& a2, const Term& a3) const {
  return wrap(ctx(), z3_of(*this)(z3_of(a1), z3_of(a2), z3_of(a3)));
}
Term FuncDecl::operator()(const Term& a1, const Term& a2, const Term& a3, const Term& a4) const {
  return wrap(ctx(), z3_of(*this)(z3_of(a1), z3_of(a2), z3_of(a3), z3_of(a4)));
}
Term FuncDecl::operator()(const TermVector& args) const { return wrap(ctx(), z3_of(*this)(z3_of(args))); }

Context::Context() : context_(new z3::context()) {}
Context::~Context() { delete static_cast<z3::context*>(context_); }

Sort Context::bool_sort() { return wrap(*this, z3_of(*this).bool_sort()); }
Sort Context::int_sort() { return wrap(*this, z3_of(*this).int_sort()); }
Sort Context::real_sort() { return wrap(*this, z3_of(*this).real_sort()); }
Sort Context::array_sort(const Sort& domain, const Sort& range) {
  return wrap(*this, z3_of(*this).array_sort(z3_of(domain), z3_of(range)));
}

Sort Context::uninterpreted_sort(const char* name) { return wrap(*this, z3_of(*this).uninterpreted_sort(name)); }

Term Context::constant(const char* name, const Sort& s) { return wrap(*this, z3_of(*this).constant(name, z3_of(s))); }
Term Context::bool_const(const char* name) { return wrap(*this, z3_of(*this).bool_const(name)); }
Term Context::int_const(const char* name) { return wrap(*this, z3_of(*this).int_const(name)); }
Term Context::real_const(const char* name) { return wrap(*this, z3_of(*this).real_const(name)); }

Term Context::bool_val(bool b) { return wrap(*this, z3_of(*this).bool_val(b)); }
Term Context::int_val(int n) { return wrap(*this, z3_of(*this).int_val(n)); }
Term Context::real_val(int n) { return wrap(*this, z3_of(*this).real_val(n)); }
Term Context::real_val(const char* n) { return wrap(*this, z3_of(*this).real_val(n)); }

FuncDecl Context::function(const char* name, const SortVector& domain, const Sort& range) {
  z3::sort_vector d(z3_of(*this));
  for (unsigned i = 0; i < domain.size(); ++i) d.push_back(z3_of(domain[static_cast<int>(i)]));
  return wrap(*this, z3_of(*this).function(name, d, z3_of(range)));
}
FuncDecl Context::function(const char* name, const Sort& domain, const Sort& range) {
  return wrap(*this, z3_of(*this).function(name, z3_of(domain), z3_of(range)));
}
FuncDecl Context::function(const char* name, const Sort& d1, const Sort& d2, const Sort& range) {
  return wrap(*this, z3_of(*this).function(name, z3_of(d1), z3_of(d2), z3_of(range)));
}
FuncDecl Context::function(const char* name, const Sort& d1, const Sort& d2, const Sort& d3, const Sort& range) {
  return wrap(*this, z3_of(*this).function(name, z3_of(d1), z3_of(d2), z3_of(d3), z3_of(range)));
}
FuncDecl Context::function(const char* name, const Sort& d1, const Sort& d2, const Sort& d3, const Sort& d4,
                           const Sort& range) {
  return wrap(*this, z3_of(*this).function(name, z3_of(d1), z3_of(d2), z3_of(d3), z3_of(d4), z3_of(range)));
}

Model::Model(Context& ctx, void* model) : ctx_(&ctx), model_(model) {
  Z3_model_inc_ref(z3_of(ctx), static_cast<Z3_model>(model_));
}
Model::Model(const Model& other) : ctx_(other.ctx_), model_(other.model_) {
  Z3_model_inc_ref(z3_of(*ctx_), static_cast<Z3_model>(model_));
}
Model& Model::operator=(const Model& other) {
  Z3_model_inc_ref(z3_of(*other.ctx_), static_cast<Z3_model>(other.model_));
  Z3_model_dec_ref(z3_of(*ctx_), static_cast<Z3_model>(model_));
  ctx_ = other.ctx_;
  model_ = other.model_;
  return *this;
}
Model::~Model() { Z3_model_dec_ref(z3_of(*ctx_), static_cast<Z3_model>(model_)); }

Term Model::eval(const Term& t, bool completion) const {
  z3::model m(z3_of(*ctx_), static_cast<Z3_model>(model_));
  return wrap(*ctx_, m.eval(z3_of(t), completion));
}

Term operator!(const Term& a) { return wrap(a.ctx(), !z3_of(a)); }
Term operator-(const Term& a) { return wrap(a.ctx(), -z3_of(a)); }
Term operator&&(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) && z3_of(b)); }
Term operator||(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) || z3_of(b)); }
Term operator==(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) == z3_of(b)); }
Term operator==(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) == b); }
Term operator!=(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) != z3_of(b)); }
Term operator!=(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) != b); }
Term operator+(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) + z3_of(b)); }
Term operator+(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) + b); }
Term operator-(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) - z3_of(b)); }
Term operator-(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) - b); }
Term operator-(int a, const Term& b) { return wrap(b.ctx(), a - z3_of(b)); }
Term operator*(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) * z3_of(b)); }
Term operator*(int a, const Term& b) { return wrap(b.ctx(), a * z3_of(b)); }
Term operator/(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) / z3_of(b)); }
Term operator/(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) / b); }
Term operator%(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) % b); }
Term operator<(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) < z3_of(b)); }
Term operator<(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) < b); }
Term operator<(int a, const Term& b) { return wrap(b.ctx(), a < z3_of(b)); }
Term operator<=(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) <= z3_of(b)); }
Term operator<=(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) <= b); }
Term operator<=(int a, const Term& b) { return wrap(b.ctx(), a <= z3_of(b)); }
Term operator>(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) > z3_of(b)); }
Term operator>(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) > b); }
Term operator>=(const Term& a, const Term& b) { return wrap(a.ctx(), z3_of(a) >= z3_of(b)); }
Term operator>=(const Term& a, int b) { return wrap(a.ctx(), z3_of(a) >= b); }

Term ite(const Term& c, const Term& t, const Term& e) { return wrap(c.ctx(), z3::ite(z3_of(c), z3_of(t), z3_of(e))); }
Term indicator(const Term& c) { return ite(c, c.ctx().real_val(1), c.ctx().real_val(0)); }
Term implies(const Term& a, const Term& b) { return wrap(a.ctx(), z3::implies(z3_of(a), z3_of(b))); }
Term mod(const Term& a, const Term& b) { return wrap(a.ctx(), z3::mod(z3_of(a), z3_of(b))); }
Term mod(const Term& a, int b) { return wrap(a.ctx(), z3::mod(z3_of(a), b)); }
Term to_real(const Term& a) { return wrap(a.ctx(), z3::to_real(z3_of(a))); }
Term select(const Term& a, const Term& i) { return wrap(a.ctx(), z3::select(z3_of(a), z3_of(i))); }
Term select(const Term& a, int i) { return wrap(a.ctx(), z3::select(z3_of(a), i)); }
Term store(const Term& a, const Term& i, const Term& v) {
  return wrap(a.ctx(), z3::store(z3_of(a), z3_of(i), z3_of(v)));
}
Term store(const Term& a, int i, const Term& v) { return wrap(a.ctx(), z3::store(z3_of(a), i, z3_of(v))); }
Term store(const Term& a, int i, int v) { return wrap(a.ctx(), z3::store(z3_of(a), i, v)); }
Term const_array(const Sort& domain, const Term& v) { return wrap(v.ctx(), z3::const_array(z3_of(domain), z3_of(v))); }
Term forall(const Term& x, const Term& body) { return wrap(x.ctx(), z3::forall(z3_of(x), z3_of(body))); }
Term forall(const Term& x1, const Term& x2, const Term& body) {
  return wrap(x1.ctx(), z3::forall(z3_of(x1), z3_of(x2), z3_of(body)));
}
Term forall_matching(const Term& x, const Term& trigger, const Term& body) {
  z3::context& c = z3_of(x.ctx());
  Z3_app bound[] = {z3_of(x)};
  Z3_ast terms[] = {z3_of(trigger)};
  Z3_pattern pattern = Z3_mk_pattern(c, 1, terms);
  return wrap(x.ctx(), z3::expr(c, Z3_mk_forall_const(c, 0, 1, bound, 1, &pattern, z3_of(body))));
}

}  // namespace palcheck::smt

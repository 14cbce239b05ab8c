// palcheck's own solver terms: a context, sorts, function declarations, terms and models, with the names and
// operators of Z3's C++ API that the proofs use. The proofs build their encodings from these, so that only the
// solver wall (smt/*.cpp) sees Z3: each object holds Z3's handle opaquely and makes exactly the Z3 calls that
// z3++ would, so that the solver is asked the same questions.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace palcheck::smt {

class Context;
class TermVector;

/// A counted reference to a Z3 AST (a sort, a function declaration or a term) of a Context.
class Ast {
 public:
  Ast(const Ast& other);
  Ast(Ast&& other) noexcept;
  Ast& operator=(const Ast& other);
  /// Takes `other`'s reference and keeps the one to the old AST, as z3++ 4.8 does (term.cpp says why).
  Ast& operator=(Ast&& other) noexcept;
  ~Ast();

  /// The context the AST belongs to.
  Context& ctx() const { return *ctx_; }
  /// Z3's handle (a Z3_ast), for the solver wall's implementation files.
  void* native() const { return ast_; }
  /// Z3's SMT-LIB2 text of the AST.
  std::string to_string() const;

 protected:
  /// Holds `ast` (a Z3_ast of `ctx`) with a reference of its own.
  Ast(Context& ctx, void* ast);

 private:
  Context* ctx_;
  void* ast_;
};

/// A sort (Int, Real, Bool, arrays, uninterpreted).
class Sort : public Ast {
 public:
  /// Adopts Z3's `ast` (a Z3_sort of `ctx`).
  Sort(Context& ctx, void* ast) : Ast(ctx, ast) {}
};

/// Sorts in order, the domain of a function declaration.
class SortVector {
 public:
  /// An empty vector of sorts; it takes the context as z3::sort_vector does, so that a conversion keeps its spelling.
  explicit SortVector(Context&) {}
  /// Appends `s`.
  void push_back(const Sort& s) { sorts_.push_back(s); }
  /// The number of sorts.
  unsigned size() const { return static_cast<unsigned>(sorts_.size()); }
  /// The i-th sort.
  const Sort& operator[](int i) const { return sorts_[static_cast<std::size_t>(i)]; }

 private:
  std::vector<Sort> sorts_;
};

/// A term: a formula, an arithmetic term or an array.
class Term : public Ast {
 public:
  /// Adopts Z3's `ast` (a Z3_ast of `ctx`).
  Term(Context& ctx, void* ast) : Ast(ctx, ast) {}

  /// Z3's simplification of the term (a numeral or a truth value when the term is ground).
  Term simplify() const;
  /// True when the term is the literal `true`.
  bool is_true() const;
  /// True when the term is a numeral.
  bool is_numeral() const;
  /// The term with `from[i]` replaced by `to[i]`.
  Term substitute(const TermVector& from, const TermVector& to) const;
};

/// Terms in order: bound variables, arguments, substitutions.
class TermVector {
 public:
  /// An empty vector of terms of `ctx`.
  explicit TermVector(Context& ctx) : ctx_(&ctx) {}
  /// Appends `t`.
  void push_back(const Term& t) { terms_.push_back(t); }
  /// The number of terms.
  unsigned size() const { return static_cast<unsigned>(terms_.size()); }
  /// The i-th term.
  const Term& operator[](int i) const { return terms_[static_cast<std::size_t>(i)]; }
  /// The context of the terms.
  Context& ctx() const { return *ctx_; }
  /// The first term.
  std::vector<Term>::const_iterator begin() const { return terms_.begin(); }
  /// Past the last term.
  std::vector<Term>::const_iterator end() const { return terms_.end(); }

 private:
  Context* ctx_;
  std::vector<Term> terms_;
};

/// A function declaration (an uninterpreted function).
class FuncDecl : public Ast {
 public:
  /// Adopts Z3's `ast` (a Z3_func_decl of `ctx`).
  FuncDecl(Context& ctx, void* ast) : Ast(ctx, ast) {}

  /// The application to arguments; an int argument is a numeral of the declared domain sort, as in z3++.
  Term operator()(const Term& a) const;
  Term operator()(int a) const;
  Term operator()(const Term& a1, const Term& a2) const;
  Term operator()(const Term& a1, const Term& a2, const Term& a3) const;
  Term operator()(const Term& a1, const Term& a2, const Term& a3, const Term& a4) const;
  Term operator()(const TermVector& args) const;
};

/// Where terms live: Z3's context, owned. Terms of one context must not outlive it or meet another's.
class Context {
 public:
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  /// Z3's context (a z3::context*), for the solver wall's implementation files.
  void* native() const { return context_; }

  /// The sort Bool.
  Sort bool_sort();
  /// The sort Int.
  Sort int_sort();
  /// The sort Real.
  Sort real_sort();
  /// The sort of arrays from `domain` to `range`.
  Sort array_sort(const Sort& domain, const Sort& range);
  /// An uninterpreted sort.
  Sort uninterpreted_sort(const char* name);

  /// A constant of sort `s`.
  Term constant(const char* name, const Sort& s);
  /// A Bool constant.
  Term bool_const(const char* name);
  /// An Int constant.
  Term int_const(const char* name);
  /// A Real constant.
  Term real_const(const char* name);

  /// The literal `true` or `false`.
  Term bool_val(bool b);
  /// An Int numeral.
  Term int_val(int n);
  /// A Real numeral (an integer, or decimal or fraction text).
  Term real_val(int n);
  Term real_val(const char* n);
  /// Other numeral types are refused, not narrowed to int: z3++ makes their numerals exactly.
  template <class T>
  Term int_val(T n) = delete;
  template <class T>
  Term real_val(T n) = delete;

  /// An uninterpreted function from the sorts of `domain` to `range`.
  FuncDecl function(const char* name, const SortVector& domain, const Sort& range);
  FuncDecl function(const char* name, const Sort& domain, const Sort& range);
  FuncDecl function(const char* name, const Sort& d1, const Sort& d2, const Sort& range);
  FuncDecl function(const char* name, const Sort& d1, const Sort& d2, const Sort& d3, const Sort& range);
  FuncDecl function(const char* name, const Sort& d1, const Sort& d2, const Sort& d3, const Sort& d4,
                    const Sort& range);

 private:
  void* context_;  // a z3::context, owned
};

/// A satisfying assignment Z3 found.
class Model {
 public:
  /// Adopts Z3's `model` (a Z3_model of `ctx`).
  Model(Context& ctx, void* model);
  Model(const Model& other);
  Model& operator=(const Model& other);
  ~Model();

  /// The value of `t` in the model; with `completion`, symbols the model leaves free get a default value.
  Term eval(const Term& t, bool completion = false) const;

 private:
  Context* ctx_;
  void* model_;
};

/// The operators of z3++ on terms; an int operand is a numeral of the other operand's sort.
Term operator!(const Term& a);
Term operator-(const Term& a);
Term operator&&(const Term& a, const Term& b);
Term operator||(const Term& a, const Term& b);
Term operator==(const Term& a, const Term& b);
Term operator==(const Term& a, int b);
Term operator!=(const Term& a, const Term& b);
Term operator!=(const Term& a, int b);
Term operator+(const Term& a, const Term& b);
Term operator+(const Term& a, int b);
Term operator-(const Term& a, const Term& b);
Term operator-(const Term& a, int b);
Term operator-(int a, const Term& b);
Term operator*(const Term& a, const Term& b);
Term operator*(int a, const Term& b);
Term operator/(const Term& a, const Term& b);
Term operator/(const Term& a, int b);
Term operator%(const Term& a, int b);
Term operator<(const Term& a, const Term& b);
Term operator<(const Term& a, int b);
Term operator<(int a, const Term& b);
Term operator<=(const Term& a, const Term& b);
Term operator<=(const Term& a, int b);
Term operator<=(int a, const Term& b);
Term operator>(const Term& a, const Term& b);
Term operator>(const Term& a, int b);
Term operator>=(const Term& a, const Term& b);
Term operator>=(const Term& a, int b);

/// if c then t else e.
Term ite(const Term& c, const Term& t, const Term& e);
/// The Real 1 where the Bool `c` holds, else 0: a relay's state, or a condition, as a number.
Term indicator(const Term& c);
/// a implies b.
Term implies(const Term& a, const Term& b);
/// Integer modulus (SMT-LIB2 mod).
Term mod(const Term& a, const Term& b);
Term mod(const Term& a, int b);
/// An Int term as a Real.
Term to_real(const Term& a);
/// The entry of array `a` at `i`.
Term select(const Term& a, const Term& i);
Term select(const Term& a, int i);
/// Array `a` with `v` at `i`.
Term store(const Term& a, const Term& i, const Term& v);
Term store(const Term& a, int i, const Term& v);
Term store(const Term& a, int i, int v);
/// The array with `v` everywhere on `domain`.
Term const_array(const Sort& domain, const Term& v);
/// Universal quantification of `body` over the constants `x...`.
Term forall(const Term& x, const Term& body);
Term forall(const Term& x1, const Term& x2, const Term& body);
/// Universal quantification of `body` over the constant `x` with `trigger` as its only pattern: Z3 instantiates
/// it for the ground terms matching the trigger, and no others, which keeps its matching from looping.
Term forall_matching(const Term& x, const Term& trigger, const Term& body);

}  // namespace palcheck::smt

"""Lower a plan of the query graph to the Cypher AST: the one place synthesis
builds AST nodes. The mapping is one to one; names come from the schema and
values from the question stay parameters."""

from __future__ import annotations

from ..cypher import ast
from .ir import (Call, Column, Const, Day, Negated, Op, Pattern, PathSpec, Plan, Projection, Ref, Rows, Sort, Unset, Value,
                 Whole)


def lower(plan: Plan) -> ast.Query:
    clauses = []
    for part in plan.parts:
        if isinstance(part, Pattern):
            clauses.append(ast.Match(tuple(_path(p) for p in part.paths), ast.and_all([expr(c) for c in part.conds]),
                                     part.optional))
        else:
            clauses.append(_projection(part))
    query = ast.Query(tuple(clauses), {})
    used = query.param_names()
    return ast.Query(query.clauses, {k: v for k, v in plan.params.items() if k in used})


def _path(p: PathSpec) -> ast.Path:
    return ast.Path(ast.Node(p.var, p.label),
                    tuple((ast.Rel(st.edge, st.forward, st.rel_var, *(st.hops or (None, None))), ast.Node(st.var, st.label))
                          for st in p.steps))


def _projection(p: Projection):
    items = tuple(_column(c) for c in p.columns)
    order = tuple(_sort(s) for s in p.order)
    if p.carry:
        return ast.With(items, p.distinct, ast.and_all([expr(c) for c in p.where]), order, p.limit, p.skip)
    return ast.Return(items, p.distinct, order, p.limit, p.skip)


def _column(c: Column) -> ast.Item:
    return ast.Item(expr(c.expr), c.alias)


def _sort(s: Sort) -> ast.Order:
    return ast.Order(expr(s.expr), s.desc)


def expr(e) -> ast.Expr:
    if isinstance(e, Ref):
        return ast.Prop(e.var, e.key)
    if isinstance(e, Whole):
        return ast.Var(e.var)
    if isinstance(e, Value):
        return ast.Param(e.name)
    if isinstance(e, Const):
        return ast.Lit(e.value)
    if isinstance(e, Day):
        return ast.DateLit(e.value)
    if isinstance(e, Call):
        return ast.Func(e.fn, tuple(expr(a) for a in e.args), e.distinct)
    if isinstance(e, Op):
        return ast.Bin(e.op, expr(e.left), expr(e.right))
    if isinstance(e, Negated):
        return ast.Not(expr(e.expr))
    if isinstance(e, Rows):
        return ast.Star()
    if isinstance(e, Unset):
        return ast.IsNull(expr(e.ref))
    raise TypeError(f"cannot lower {type(e).__name__}")

"""The shipped declarative-rules model on problems of each math concept, and on problems that
need several concepts, with the derivation a reader would expect (issue 4, tests).

The paper illustrates its concepts (Table 2) and its solved problems (Table 4) with examples
whose text was not reachable from this project (docs/declarative_rules.md says so); these
problems are written here in their place: one problem per concept, then four that combine
concepts. Each test checks the answer and, for every operation, the concept that justifies it.
"""

from __future__ import annotations

import pytest

from pyasp.arith.solver import solve_text

CONCEPT_EXAMPLES = [
    # transfer: the same subject holds, then gives away
    ("Jack had 12 marbles. He gave 5 marbles to Jill. How many marbles does Jack have now?", 7,
     ["transfer"]),
    # transfer, flipped: what the subject of one number gives, the object of the other gets
    ("Jill had 4 marbles. Jack gave her 5 marbles. How many marbles does Jill have now?", 9,
     ["transfer"]),
    # dimensional analysis: a rate times a quantity of its "per" unit
    ("Each bag holds 6 apples. Ann has 4 bags. How many apples does Ann have?", 24,
     ["dimensional_analysis"]),
    # dimensional analysis: a quantity shared out per item
    ("There are 30 cookies to share equally among 5 children. How many cookies does each child get?", 6,
     ["dimensional_analysis"]),
    # part-whole: two parts of a whole
    ("There are 8 red roses and 5 white roses in a vase. How many roses are in the vase?", 13,
     ["part_whole"]),
    # explicit math: a comparison said in the text
    ("Tom has 9 stamps. Lisa has 4 more stamps than Tom. How many stamps does Lisa have?", 13,
     ["explicit_math"]),
]

COMBINED_EXAMPLES = [
    # part-whole, then dimensional analysis
    ("A shop sold 12 red pens and 8 blue pens. Each pen costs 3 dollars. How much money did the shop get?", 60,
     ["part_whole", "dimensional_analysis"]),
    # transfer, then dimensional analysis
    ("Sam had 20 stickers. He gave 8 stickers to his sister. He put the rest in 4 equal piles. "
     "How many stickers are in each pile?", 3, ["transfer", "dimensional_analysis"]),
    # part-whole (the hours of two days), then dimensional analysis
    ("Ben earns 6 dollars an hour. He worked 5 hours on Monday and 3 hours on Tuesday. "
     "How much money did he earn?", 48, ["part_whole", "dimensional_analysis"]),
    # dimensional analysis, then transfer: the money paid for the books (the price represents
    # it: "buy if MONEY", a GIVE) is taken from what she had
    ("Mia had 50 dollars. She bought 3 books for 7 dollars each. How much money does she have left?", 29,
     ["dimensional_analysis", "transfer"]),
    # dimensional analysis, then transfer: paying with a bill, the change asked
    ("Jenny bought 3 notebooks for 4 dollars each. She paid with a 20 dollar bill. How much change did she get?", 8,
     ["dimensional_analysis", "transfer"]),
    ("Erin bought 5 shirts for 12 dollars each and gave the cashier 100 dollars. How much change did she get?", 40,
     ["dimensional_analysis", "transfer"]),
]


@pytest.mark.parametrize("text, answer, concepts", CONCEPT_EXAMPLES)
def test_one_concept_problems_are_solved_by_that_concept(text, answer, concepts):
    solution = solve_text(text)
    assert solution.answer == answer, solution.expression
    assert [step["concept"] for step in solution.derivation] == concepts
    for step in solution.derivation:
        assert step["rule"] and step["condition"] and step["facts"]


@pytest.mark.parametrize("text, answer, concepts", COMBINED_EXAMPLES)
def test_problems_that_combine_concepts_show_each_one(text, answer, concepts):
    solution = solve_text(text)
    assert solution.answer == answer, solution.expression
    # the derivation lists the operations bottom-up: the inner one first
    assert [step["concept"] for step in solution.derivation] == concepts, (
        solution.expression, [(s["concept"], s["rule"]) for s in solution.derivation])

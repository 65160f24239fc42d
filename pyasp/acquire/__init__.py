"""IP acquisition (ARNOLD, IJCAI 2019): learn integer-program constraints over named tensors
from example solutions, in a constraint DSL, with clingo enumerating the candidate language."""

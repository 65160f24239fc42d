"""Support graphs (TableILP): multiple-choice questions answered over semi-structured tables.

read (store.py, question.py) -> retrieve (retrieval.py) -> ground (ground.py) -> solve and decode
(engine.py, encodings/support_graph.lp) -> evaluate (evaluate.py); ir.py is the IR(tables)
baseline.
"""

"""Formula D's rules by concept (spec: shared/rules/formula_d.md).

Each module holds one concept of the rules; the race's flow (flow.py) calls
them. Nothing here imports the package's `__init__`, the Race (race.py) or
the flow.
"""

"""`python -m sim.cli`: the `sim` command line."""

from sim.cli import main

if __name__ == "__main__":
    main()

"""`python -m adjudicator` runs the command line."""

from adjudicator.cli import main

if __name__ == "__main__":
    main()

"""The use cases of the commands that are more than one call: each module
holds what one command (or a few alike) does, as a function given typed values that returns
a small result, for a presenter (adjudicator.present) to turn into text.

A use case prints nothing and knows no command-line library: a value it cannot take is an
errors.OptionError naming the option, which the command line reports as that option's usage
error. Tests call these functions directly (tests/usecases/).
"""

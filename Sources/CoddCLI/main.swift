import CoddCommandLine

// `codd` (docs/SQLFirst.md): the commands live in CoddCommandLine, which the tests import.
CoddCommand.main()

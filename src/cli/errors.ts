// Failures the command expects and explains in one line (exit 2); anything else is a bug and is
// printed with its stack.
export class CliError extends Error {}

/** Where an operator command writes: stdout and stderr in a terminal, arrays in a test. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

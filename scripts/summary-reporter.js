// Jest reporter: ends the run with one plain line, "Tests: N passed, N failed[, N skipped]",
// that CI can read whatever runner printed before it.
'use strict';

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`Tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed${tail}\n`);
  }
}

module.exports = SummaryReporter;

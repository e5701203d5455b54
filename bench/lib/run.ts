import { closeAgents } from './http';

/** A scenario's entry point: runs it, closes the keep-alive agents, exits 0, or prints the error and exits 1. */
export function runScenario(main: () => Promise<void>): void {
  main()
    .then(() => {
      closeAgents();
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}

import { printFigures } from './figures';

export default function globalTeardown(): void {
  const summary = printFigures();
  if (summary) console.log(`\n${summary}`);
}

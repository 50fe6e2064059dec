import { clearFigures } from './figures';

export default function globalSetup(): void {
  clearFigures();
}

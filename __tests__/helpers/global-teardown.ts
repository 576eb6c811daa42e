import { removeSuiteTemp } from './suite-temp'

export default function globalTeardown(): void {
  removeSuiteTemp()
}

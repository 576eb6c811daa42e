import { makeSuiteTemp } from './suite-temp'

export default function globalSetup(): void {
  makeSuiteTemp()
}

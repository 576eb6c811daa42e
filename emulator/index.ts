export { startAgentServer, type AgentServerEmulator, type AgentServerOptions } from './agent-server'
export {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from './control-plane'
export type { LogEntry, LogSource, LogType } from './logs'
export type {
  AgentBehaviour,
  AgentChooser,
  Deployment,
  Fault,
  NewRevision,
  OutcomeChooser,
  RecordedRequest,
  Revision,
  RevisionOutcome,
  RevisionStatus,
  SeedRevision,
  ServingRevision
} from './types'
export type { Upload } from './uploads'
export { VirtualClock } from './virtual-clock'
export { startServices, startServingAgent, type Services } from './services'
export { startTracing, type TracingEmulator, type TracingOptions } from './tracing'
export { holdsReference, seedGate, type ExperimentSeed, type SeededRun } from './tracing-seed'
export type { DatasetInit } from './tracing-datasets'
export type { RootRunSeed } from './tracing-project'
export type { StatsReadEntry } from './tracing-runstats'
export {
  latencyAt,
  TrafficGenerator,
  type TrafficPhase,
  type TrafficProfile,
  type TrafficRevision,
  type TrafficSpec,
  type TrafficSwitch
} from './tracing-traffic'
export type { IngestCounts } from './tracing-ingest'
export type {
  Dataset,
  DatasetEdit,
  Example,
  ExampleInit,
  Feedback,
  FeedbackStat,
  Rule,
  RuleInit,
  Run as TracingRun,
  Score,
  ScoredRun,
  ScoreResult,
  SessionStats,
  TracerSession
} from './tracing-types'

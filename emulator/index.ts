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

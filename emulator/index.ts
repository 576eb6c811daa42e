export { startAgentServer, type AgentServerEmulator, type AgentServerOptions } from './agent-server'
export {
  startControlPlane,
  type ControlPlaneEmulator,
  type ControlPlaneOptions
} from './control-plane'
export type { LogEntry, LogSource, LogType } from './logs'
export type {
  Deployment,
  Fault,
  OutcomeChooser,
  RecordedRequest,
  Revision,
  RevisionOutcome,
  RevisionStatus
} from './types'
export type { Upload } from './uploads'

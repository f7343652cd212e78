export { LIMITS, type Limits } from './limits';
export { InputRejectedError, type Door } from './input-rejected-error';
export { jsonProblem, JSON_LIMITS, type JsonLimits, type JsonProblem } from './json-limits';
export { validateTrace } from './trace-door';
export { clampToolOutput, type ClampedOutput } from './tool-output';
export {
  checkManifestLimits,
  worldFileLimitProblem,
  llmReplyProblem,
  schemaLimitProblem,
  validateSetting,
} from './doors';

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AgentSession, AgentSessionState } from '../app/agent/agent-session';
import type { EngineManager, EngineState } from '../app/agent/engine-manager';
import type { SandboxModel, SandboxModelState } from '../app/agent/sandbox-model';

/** The chat's stores: the agent session, the engine choice and the sandbox (all framework-free, src/app/agent). */
export interface AgentStores {
  agent: AgentSession;
  engines: EngineManager;
  sandbox: SandboxModel;
}

export const AgentContext = createContext<AgentStores | null>(null);

export function useAgentStores(): AgentStores {
  const s = useContext(AgentContext);
  if (!s) throw new Error('useAgentStores outside <AgentContext.Provider>');
  return s;
}

/** The chat's state (turns, steps, the pending question), re-rendering on every change. */
export function useAgentState(): AgentSessionState {
  const { agent } = useAgentStores();
  return useSyncExternalStore(agent.subscribe, agent.getState);
}

/** The engine choice and its setup (WebGPU check, model load, endpoint), re-rendering on every change. */
export function useEngineState(): EngineState {
  const { engines } = useAgentStores();
  return useSyncExternalStore(engines.subscribe, engines.getState);
}

export function useSandboxState(): SandboxModelState {
  const { sandbox } = useAgentStores();
  return useSyncExternalStore(sandbox.subscribe, sandbox.getState);
}

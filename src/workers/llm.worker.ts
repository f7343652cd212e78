/// <reference lib="webworker" />
// The WebLLM worker: hosts WebLLM's MLCEngine (model download, WebGPU, decoding) off the UI thread. The
// app talks to it only through WebLLM's own client (`CreateWebWorkerMLCEngine` in
// src/app/llm/webllm-engine.ts), which speaks WebLLM's message protocol, so there is no comlink here.
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';

const handler = new WebWorkerMLCEngineHandler();
self.onmessage = (event: MessageEvent) => handler.onmessage(event);

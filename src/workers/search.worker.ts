/// <reference lib="webworker" />
// The world worker: toolchain search (Alpha-Beta, GA + SA, BFS, plan extraction) and next-tool retrieval
// (DTDR + hybrid) off the UI thread. Comlink carries calls and rebuilds thrown errors with their name and
// message on the other side.
import { expose } from 'comlink';
import { WorldWorkerApi } from './world-worker-api';

expose(new WorldWorkerApi());

/// <reference lib="webworker" />
// The search worker: toolchain retrieval (Alpha-Beta, GA + SA, BFS, plan extraction) off the UI thread.
// Comlink carries calls and rebuilds thrown errors with their name and message on the other side.
import { expose } from 'comlink';
import { SearchEngine } from '../core/search/search-engine';

expose(new SearchEngine());

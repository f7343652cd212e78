import { expect, type Page } from '@playwright/test';

/** Page object for the NaviAgent Web shell: actions a user takes, reads through the test hook. */
export class AppPage {
  constructor(readonly page: Page) {}

  /**
   * Opens the app. Automatic link-model retraining is off unless asked for: it starts a background HGT
   * training 2 s after a world with ≥ 50 new traces is imported, which would compete for the worker with
   * whatever a test is timing.
   */
  async open(options: { autoRetrain?: boolean; view?: 'chat' | 'world' } = {}): Promise<void> {
    if (!options.autoRetrain)
      await this.page.addInitScript(() => {
        if (!localStorage.getItem('naviagent.linkModel'))
          localStorage.setItem(
            'naviagent.linkModel',
            JSON.stringify({ enabled: false, threshold: 50, epochs: 60 }),
          );
      });
    // The chat is the main screen; the tool list, graph and panels live on the Tool World screen (#world),
    // where the specs written before the chat start.
    await this.page.goto(options.view === 'chat' ? '/' : '/#world');
    await this.waitReady();
    if (options.view !== 'chat') await this.graphLoaded();
  }

  /** Opens the app on its main screen, the chat. */
  async openChat(options: { autoRetrain?: boolean } = {}): Promise<void> {
    await this.open({ ...options, view: 'chat' });
    await expect(this.chatInput()).toBeVisible();
  }

  chatInput() {
    return this.page.getByTestId('chat-input');
  }

  /** The newest turn (turns are listed newest first). */
  lastTurn() {
    return this.page.getByTestId('turn').first();
  }

  /** Types a request and sends it with Enter. */
  async ask(request: string): Promise<void> {
    await this.chatInput().fill(request);
    await this.chatInput().press('Enter');
    await expect(this.lastTurn().getByTestId('turn-request')).toHaveText(request);
  }

  /** Waits until the newest turn has ended, and returns its status (answered, needs-input, failed, stopped). */
  async turnEnded(timeout = 30_000): Promise<string> {
    await expect(this.lastTurn()).not.toHaveAttribute('data-status', 'running', { timeout });
    return (await this.lastTurn().getAttribute('data-status'))!;
  }

  /** Tools the newest turn called, with their status, read off the chat. */
  async lastTurnCalls(): Promise<{ tool: string; status: string }[]> {
    const calls = this.lastTurn().getByTestId('chat-call');
    const out: { tool: string; status: string }[] = [];
    for (let i = 0; i < (await calls.count()); i++)
      out.push({
        tool: (await calls.nth(i).getAttribute('data-tool'))!,
        status: (await calls.nth(i).getAttribute('data-status'))!,
      });
    return out;
  }

  /** The newest turn's steps as the agent reported them (for a failure message that says what it did). */
  async lastTurnSummary(): Promise<string> {
    return this.page.evaluate(() => {
      const turns = window.__naviTest!.agent().turns;
      const t = turns[turns.length - 1];
      if (!t) return '(no turn)';
      return JSON.stringify({
        request: t.request,
        status: t.status,
        error: t.error,
        answer: t.result?.answer,
        calls: t.result?.calls.map((c) => ({
          tool: c.tool,
          args: c.args,
          status: c.status,
          failure: c.failure,
        })),
        steps: t.steps.map((s) => s.kind),
      });
    });
  }

  async openChatTab(tab: 'graph' | 'sandbox' | 'tools' | 'history' | 'engine'): Promise<void> {
    await this.page.getByTestId(`chat-tab-${tab}`).click();
  }

  /**
   * Switches the chat to an OpenAI-compatible endpoint (a test server on 127.0.0.1) the way a user does:
   * the Engine tab, the URL and model, Check, Use; returns the label the header then shows.
   */
  async useEndpoint(url: string, model = 'test-model'): Promise<string> {
    await this.openChatTab('engine');
    await this.page.getByTestId('engine-endpoint').check();
    await this.page.getByTestId('endpoint-url').fill(url);
    await this.page.getByTestId('endpoint-model').fill(model);
    await this.page.getByTestId('endpoint-check').click();
    await expect(this.page.getByTestId('endpoint-models')).toContainText(model);
    await this.page.getByTestId('endpoint-use').click();
    const label = `Endpoint · ${model} (${new URL(url).host})`;
    await expect(this.page.getByTestId('engine-badge')).toHaveText(`Engine: ${label}`);
    return label;
  }

  /** Answers the question the running turn asks, inline. */
  async answerQuestion(text: string): Promise<void> {
    const input = this.lastTurn().getByTestId('question-input');
    await input.fill(text);
    await input.press('Enter');
  }

  /** Switches to the Tool World screen (tool list, graph, node details, next tool, link model). */
  async showWorld(): Promise<void> {
    if ((await this.page.getByTestId('app').getAttribute('data-view')) !== 'world')
      await this.page.getByTestId('view-world').click();
  }

  async openLinkModelTab(): Promise<void> {
    await this.page.getByTestId('tab-link-model').click();
  }

  /** Selects an API in the tool list (its node details and toolchain panel open). */
  async selectTool(name: string): Promise<void> {
    await this.search(name);
    await this.toolItems().filter({ hasText: name }).first().click();
  }

  async waitReady(): Promise<void> {
    await this.page.waitForFunction(() => window.__naviTest?.phase() === 'ready', null, { timeout: 30_000 });
  }

  async importFile(path: string): Promise<void> {
    await this.page.getByTestId('import-input').setInputFiles(path);
  }

  toolItems() {
    return this.page.getByTestId('tool-item');
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('tool-search').fill(text);
  }

  async graphNodeIds(): Promise<string[]> {
    return this.page.evaluate(() => window.__naviTest!.nodeIds());
  }

  async drawnNodeIds(): Promise<string[]> {
    await this.graphLoaded();
    return this.page.evaluate(() => window.__naviTest!.drawnNodeIds());
  }

  /** The graph view is a lazy chunk (issue 19): waits until it has replaced its placeholder. */
  async graphLoaded(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelector('.graph-pane:not(.graph-loading)') !== null);
  }

  async openNextToolTab(): Promise<void> {
    await this.page.getByTestId('tab-retrieval').click();
  }

  /** Ranks next-tool candidates for a request with a method (e.g. `hybrid`, `dtdrL`) in the Next tool tab. */
  async rankNextTools(query: string, method: string): Promise<void> {
    await this.page.getByTestId('retrieval-query').fill(query);
    await this.page.getByLabel('Retrieval method').selectOption(method);
    await this.page.getByTestId('rank-next').click();
    await expect(this.page.getByTestId('rank-next')).toHaveText('Rank next tools', { timeout: 30_000 });
  }

  async expectNotice(text: RegExp): Promise<void> {
    await expect(this.page.getByTestId('notice').filter({ hasText: text })).toBeVisible();
  }
}

import { expect, type Page } from '@playwright/test';

/** Page object for the NaviAgent Web shell: actions a user takes, reads through the test hook. */
export class AppPage {
  constructor(readonly page: Page) {}

  /**
   * Opens the app. Automatic link-model retraining is off unless asked for: it starts a background HGT
   * training 2 s after a world with ≥ 50 new traces is imported, which would compete for the worker with
   * whatever a test is timing.
   */
  async open(options: { autoRetrain?: boolean } = {}): Promise<void> {
    if (!options.autoRetrain)
      await this.page.addInitScript(() => {
        if (!localStorage.getItem('naviagent.linkModel'))
          localStorage.setItem(
            'naviagent.linkModel',
            JSON.stringify({ enabled: false, threshold: 50, epochs: 60 }),
          );
      });
    await this.page.goto('/');
    await this.waitReady();
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
    return this.page.evaluate(() => window.__naviTest!.drawnNodeIds());
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

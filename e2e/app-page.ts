import { expect, type Page } from '@playwright/test';

/** Page object for the NaviAgent Web shell: actions a user takes, reads through the test hook. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.waitReady();
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

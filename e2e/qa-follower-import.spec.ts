import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

const catalogue = JSON.stringify({
  tools: [
    {
      name: 'plant_lookup',
      description: 'Look up care instructions for a garden plant',
      inputSchema: { type: 'object', properties: { plant_name: { type: 'string' } } },
    },
  ],
});

/**
 * QA: a catalogue imported in a second tab said "1 added" and showed there, but the tab that owns the saved
 * world never got it and a reload lost it. The second tab refuses and says where to import.
 */
test('a follower tab does not pretend to import; the owner tab imports for both', async ({ context }) => {
  const a = await context.newPage();
  await new AppPage(a).open();
  const b = await context.newPage();
  await new AppPage(b).open();
  await expect.poll(() => b.evaluate(() => window.__naviTest!.storage()?.role)).toBe('follower');

  await b.getByTestId('import-input').setInputFiles({
    name: 'garden.json',
    mimeType: 'application/json',
    buffer: Buffer.from(catalogue),
  });
  await expect(b.getByTestId('notice').last()).toContainText(
    'garden.json was not imported: another tab of NaviAgent Web owns the saved world',
  );
  expect(await b.evaluate(() => window.__naviTest!.toolNames())).not.toContain('plant_lookup');

  // Imported where the message says, it reaches both tabs.
  await a.getByTestId('import-input').setInputFiles({
    name: 'garden.json',
    mimeType: 'application/json',
    buffer: Buffer.from(catalogue),
  });
  await expect(a.getByTestId('notice').last()).toContainText('garden.json (mcp format): 1 added');
  await expect.poll(() => b.evaluate(() => window.__naviTest!.toolNames())).toContain('plant_lookup');
});

import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

const OPENAI_TOOLS = JSON.stringify([
  {
    type: 'function',
    function: {
      name: 'dd_translate',
      description: 'Translate a text into another language.',
      parameters: {
        type: 'object',
        properties: {
          text: { type: 'string', description: 'Text to translate' },
          target_language: { type: 'string' },
        },
        required: ['text', 'target_language'],
      },
    },
  },
]);

test('a catalogue dropped on the page is imported', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'openai-tools.json', { type: 'application/json' }));
    return dt;
  }, OPENAI_TOOLS);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
  await app.expectNotice(/openai-tools\.json \(openai format\): 1 added/);
  await app.search('dd_translate');
  await expect(app.toolItems()).toHaveCount(1);
  expect(await app.graphNodeIds()).toContain('api:dd_translate');
});

import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/** An OpenAPI 3 document with no `servers`: its three operations import, none can be called. */
const PETS = {
  openapi: '3.0.0',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok' } },
      },
      post: { summary: 'Create a pet', responses: { '201': { description: 'created' } } },
    },
    '/pets/{petId}': {
      get: {
        operationId: 'showPetById',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

/**
 * Second QA pass: this document imported with "3 added, …, 1 skipped" (nothing was skipped: the "entry" was
 * a remark on the file), the remark said the tools work "until one is given" without saying where, and the
 * Tools tab then said "No HTTP tools: import an OpenAPI 3 document".
 */
test('an OpenAPI document without a server URL: nothing "skipped", and both places say how to fix it', async ({
  page,
}, testInfo) => {
  const app = new AppPage(page);
  await app.openChat();
  const file = testInfo.outputPath('pets.json');
  writeFileSync(file, JSON.stringify(PETS));
  await app.importFile(file);
  const notice = page.getByTestId('notice').filter({ hasText: 'pets.json' });
  await expect(notice).toContainText('pets.json (openapi format): 3 added, 0 updated, 0 unchanged. Note:');
  await expect(notice).toContainText(
    'Add "servers": [{"url": "https://…"}] to the document and import it again.',
  );
  await expect(notice).not.toContainText('skipped');

  await app.openChatTab('tools');
  await expect(page.getByTestId('http-no-server')).toContainText('3 HTTP tools cannot be called');
  await expect(page.getByTestId('http-hosts')).not.toContainText('No HTTP tools');
});

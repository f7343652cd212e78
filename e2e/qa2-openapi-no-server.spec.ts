import { writeFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
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

/** The chat, with PETS imported from a file. */
async function chatWithPets(page: Page, testInfo: TestInfo): Promise<AppPage> {
  const app = new AppPage(page);
  await app.openChat();
  const file = testInfo.outputPath('pets.json');
  writeFileSync(file, JSON.stringify(PETS));
  await app.importFile(file);
  return app;
}

/**
 * Second QA pass: this document imported with "3 added, …, 1 skipped" (nothing was skipped: the "entry" was
 * a remark on the file), the remark said the tools work "until one is given" without saying where, and the
 * Tools tab then said "No HTTP tools: import an OpenAPI 3 document".
 */
test('an OpenAPI document without a server URL: nothing "skipped", and both places say how to fix it', async ({
  page,
}, testInfo) => {
  const app = await chatWithPets(page, testInfo);
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

/**
 * Issue 13, item 4: such a tool is not a dead end. With the Tools tab's switch on (the default) its
 * call answers from the API simulator and says so in the step and the answer; switched off, it fails as
 * not executable.
 */
test('a tool without an implementation runs in the simulator, labelled; the switch turns that off', async ({
  page,
}, testInfo) => {
  const app = await chatWithPets(page, testInfo);
  await app.openChatTab('tools');
  await expect(page.getByTestId('unimplemented-count')).toContainText('listPets');
  await expect(page.getByTestId('simulate-toggle')).toBeChecked();

  await app.ask('Show the pet by id 42');
  await app.turnEnded();
  const call = app.lastTurn().locator('[data-testid="chat-call"][data-tool="showPetById"]');
  await expect(call, await app.lastTurnSummary()).toHaveAttribute('data-status', 'ok');
  await expect(call.getByTestId('call-source')).toContainText('simulated');
  await expect(app.lastTurn().getByTestId('turn-answer')).toContainText('(simulated: showPetById');

  await page.getByTestId('simulate-toggle').uncheck();
  await app.ask('Show the pet by id 43');
  await app.turnEnded();
  const failed = app.lastTurn().locator('[data-testid="chat-call"][data-tool="showPetById"]').first();
  await expect(failed).toHaveAttribute('data-status', 'error');
  await expect(failed.getByTestId('call-failure')).toContainText('no server URL');
});

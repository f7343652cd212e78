import { expect, test } from '@playwright/test';
import { AppPage } from './app-page';

/**
 * QA R17: connecting the Tool servers panel to a URL that is no MCP server (the app's own /mcp) said
 * "Streamable HTTP error: Error POSTing to endpoint: " and nothing more. The message names the HTTP status
 * and what came back, and says what to do.
 */
test("connecting to the app's own /mcp says what it answered and what to do", async ({ page, baseURL }) => {
  const app = new AppPage(page);
  await app.openChat();
  await page.getByTestId('chat-tab-servers').click();
  await page.getByTestId('mcp-url').fill(`${baseURL}/mcp`);
  await page.getByTestId('mcp-connect').click();
  const error = page.getByTestId('mcp-add-error');
  await expect(error).toContainText(`${baseURL}/mcp answered HTTP `, { timeout: 20_000 });
  await expect(error).toContainText("not an MCP server's answer");
  await expect(error).toContainText("This is this app's own address: the app is not an MCP server.");
  await expect(error).toContainText('Check the URL');
  await expect(error).not.toContainText('Error POSTing to endpoint');
});

import { ChatSidePane } from './ChatSidePane';
import { ChatView } from './ChatView';
import { McpPermissionPrompt } from '../mcp/McpPermissionPrompt';

/** The app's main screen: the chat, with the graph / sandbox / conversations / engine beside it. */
export function ChatScreen() {
  return (
    <main className="chat-screen">
      <ChatView />
      <ChatSidePane />
      <McpPermissionPrompt />
    </main>
  );
}

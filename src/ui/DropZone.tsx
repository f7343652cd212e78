import { useEffect, useState } from 'react';
import { useSession } from './use-session';

/** Accepts catalogue files dropped anywhere on the page, with a visible target while dragging. */
export function DropZone() {
  const session = useSession();
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overHandler = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = async (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      for (const f of Array.from(e.dataTransfer?.files ?? []))
        await session.importFile(f.name, await f.text());
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('drop', drop);
    };
  }, [session]);
  return over ? (
    <div className="drop-overlay" data-testid="drop-overlay">
      Drop a tool catalogue (OpenAI tools, MCP tools/list, dataset tools.json) or an exported world
    </div>
  ) : null;
}

import { pythonJson, widgetData } from '../src/lib/widgets';
import { sendOk, startHarness, type Harness } from './helpers';

describe('widgets made by /poll and /todo', () => {
  it('reads a poll: the question, then one option a line, list markers dropped', () => {
    expect(widgetData('/poll Which castle?\n- Elsinore\n* Kronborg\n\nGlamis')).toEqual({
      widget_type: 'poll',
      extra_data: { question: 'Which castle?', options: ['Elsinore', 'Kronborg', 'Glamis'] },
    });
    expect(widgetData('/poll')).toEqual({ widget_type: 'poll', extra_data: { question: '', options: [] } });
  });

  it('reads a todo list: the title, then tasks with descriptions after a colon', () => {
    expect(widgetData('/todo Chores\n- Sweep: the great hall\nFeed the ghost')).toEqual({
      widget_type: 'todo',
      extra_data: {
        task_list_title: 'Chores',
        tasks: [
          { task: 'Sweep', desc: 'the great hall' },
          { task: 'Feed the ghost', desc: '' },
        ],
      },
    });
  });

  it('leaves other messages alone', () => {
    for (const content of ['poll', '/polls x', 'a /poll', '/tictactoe', '/ping']) expect(widgetData(content)).toBeUndefined();
  });

  it("writes JSON as Zulip's Python does", () => {
    expect(pythonJson({ widget_type: 'poll', extra_data: { question: 'Où?', options: ['a'] } })).toBe(
      '{"widget_type": "poll", "extra_data": {"question": "O\\u00f9?", "options": ["a"]}}',
    );
  });
});

describe('sending a widget message', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('stores the widget submessage and puts it in the message event and the fetched message alike', async () => {
    const notices = await h.noticesOf(() =>
      sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'poll', content: '/poll Which castle?\nElsinore' }),
    );
    const [notice] = notices.flatMap((n) => (n.kind === 'message' ? [n] : []));
    const id = notice!.message.id;
    const expected = [
      {
        id: expect.any(Number),
        message_id: id,
        sender_id: await h.userId('hamlet@zulip.com'),
        msg_type: 'widget',
        content: '{"widget_type": "poll", "extra_data": {"question": "Which castle?", "options": ["Elsinore"]}}',
      },
    ];
    expect(notice!.message.submessages).toEqual(expected);
    const fetched = await h.get('othello@zulip.com', `/messages/${id}`);
    expect(fetched.body.message.submessages).toEqual(notice!.message.submessages);
    const plain = await sendOk(h, 'hamlet@zulip.com', { type: 'stream', to: 'Denmark', topic: 'poll', content: 'no widget' });
    expect((await h.get('othello@zulip.com', `/messages/${plain}`)).body.message.submessages).toEqual([]);
  });
});

// ESLint rule `i18n/no-literal-text` (issue 39): words a person reads are written in the message
// catalogs (shared/locales), never as literals in a component, so that every one of them can be
// translated. Reports JSX text with a letter in it, a string literal with a letter as a JSX child,
// and a literal with a letter in an attribute a person reads (aria-label, title, placeholder, alt,
// label). Punctuation and symbols alone ("·", "×", "—") are not words and pass.
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const LETTER = /\p{L}/u;

export const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'words a person reads come from the message catalogs, not literals in components' },
    messages: { literal: 'A literal text a person reads ("{{text}}"): put it in shared/locales and use t() or <Trans>.' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      'JSXExpressionContainer > Literal'(node) {
        if (typeof node.value === 'string' && LETTER.test(node.value) && node.parent.parent.type !== 'JSXAttribute') report(node, node.value);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'Literal' ? node.value.value : node.value.type === 'JSXExpressionContainer' && node.value.expression.type === 'Literal' ? node.value.expression.value : null;
        if (typeof value === 'string' && LETTER.test(value)) report(node, value);
      },
    };
  },
};

export const i18nPlugin = { rules: { 'no-literal-text': noLiteralText } };

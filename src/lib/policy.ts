/**
 * The static policy page (accounts §2 "Static policy page (shown in Chinese)"): the six sections in their Chinese
 * original. The translation in the player's language comes from the locale (policy.<id>.title / .body).
 */

/** One section: its id (the locale key part), Chinese heading and text. */
export interface PolicySection {
  id: 'introduction' | 'purpose' | 'access' | 'confidentiality' | 'recipients' | 'monitoring';
  title: string;
  body: string;
}

/** The six headings in the spec's order: introduction, purpose, access information, confidentiality, recipients, monitoring. */
export const POLICY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'introduction',
    title: '简介',
    body: '本隐私政策说明我们如何收集、使用和保护您的个人资料。我们可能随时修改本政策，您在修改后继续使用本网站，即表示您同意修改后的政策。',
  },
  {
    id: 'purpose',
    title: '目的',
    body: '我们收集您的个人资料，用于开设和管理您的账户、处理您的交易以及履行法律义务。玩家必须年满18岁，注册时使用的姓名必须是您的真实姓名。',
  },
  {
    id: 'access',
    title: '获取信息',
    body: '您与本网站之间传输的所有资料均通过加密连接进行，以防他人截取。',
  },
  {
    id: 'confidentiality',
    title: '保密',
    body: '我们不会将您的个人资料提供给任何第三方，除非法律要求我们提供，或为处理您的付款而需要提供给支付服务提供商。',
  },
  {
    id: 'recipients',
    title: '客户信息的接收者',
    body: '您的客户信息只会在法律要求时提供给有关机构，或提供给处理您存款和提款的支付服务提供商。',
  },
  {
    id: 'monitoring',
    title: '监控',
    body: '为保障安全和防止欺诈，我们会监控通信内容和账户活动。',
  },
];
